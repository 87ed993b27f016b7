import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { startSession } from "../modules/auth";
import { findOrCreateCustomer } from "../modules/customers";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { openApiDocument } from "./surfaces";

/**
 * Every API route, from the OpenAPI document (so a route added later is fuzzed too), gets bad input.
 * The rule: a 4xx JSON {code, message} for a bad body, and never a 500 for anything.
 */
const deep = (depth: number): unknown => (depth === 0 ? "bottom" : { a: deep(depth - 1), b: [depth] });

const BAD_BODIES: [string, BodyInit][] = [
  ["an empty body", ""],
  ["whitespace", "   \n"],
  ["truncated JSON", '{"events": [{"name": "x"'],
  ["not JSON", "hello"],
  ["a JSON array", "[]"],
  ["an array of objects", '[{"name":"x"},{"email":"a@example.com"}]'],
  ["null", "null"],
  ["a number", "42"],
  ["a huge number", "1e309"],
  ["true", "true"],
  ["a string", '"a@example.com"'],
  ["an object of nulls", '{"events":null,"email":null,"variant":null,"name":null,"token":null}'],
  ["an object of numbers", '{"events":1,"email":2,"variant":3,"name":4,"token":5}'],
  ["an object of arrays", '{"events":[[]],"email":["a@example.com"],"variant":["a"],"name":[],"token":[]}'],
  ["nested junk", JSON.stringify({ events: [{ name: { $gt: "" }, properties: [[[]]] }], email: { toString: "x" }, variant: { a: { b: 1 } } })],
  ["deep nesting", JSON.stringify({ events: [{ name: "x", properties: deep(200) }], email: deep(200), variant: deep(200) })],
  ["huge strings", JSON.stringify({ events: [{ name: "x".repeat(50_000) }], email: `${"a".repeat(50_000)}@example.com`, variant: "v".repeat(50_000) })],
  ["a body over the limit", JSON.stringify({ email: "x".repeat(70_000) })],
  ["unicode junk", JSON.stringify({ events: [{ name: "" }], email: "🙂@例え.jp", variant: "ünïcødé", name: "\u202e\u200b" })],
  ["NUL characters", JSON.stringify({ events: [{ name: "a\u0000b", properties: { "k\u0000": "v\u0000" }, path: "/\u0000" }], email: "a\u0000@example.com", variant: "a\u0000" })],
  ["a valid event with NUL in its path", JSON.stringify({ events: [{ name: "ok", path: "/\u0000" }] })],
  ["a valid event with NUL in a property", JSON.stringify({ events: [{ name: "ok", properties: { a: "\u0000", b: ["\u0000"], c: { d: "\u0000" } } }] })],
  ["a valid event with NUL in its anonymous id", JSON.stringify({ events: [{ name: "ok", anonymousId: "\u0000" }] })],
  ["a valid email with NUL in its path", JSON.stringify({ email: "nul@example.com", path: "/\u0000" })],
  ["lone surrogates", '{"events":[{"name":"\\ud800","properties":{"a":"\\udfff"}}],"email":"\\ud800@example.com","variant":"\\ud800"}'],
  ["prototype keys", '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}},"events":[{"name":"","properties":{"__proto__":{"a":1}}}],"email":"bad"}'],
  ["too many properties", JSON.stringify({ events: [{ name: "x", properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])) }], email: "" })],
  ["invalid UTF-8 bytes", new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d])],
];

const BAD_PARAMS = ["🙂", "..%2F..%2Fetc%2Fpasswd", "x".repeat(3000), "%00", "null", "-1", "1e309", "%E0%A4%A", "' or 1=1 --", "<script>"];

const BAD_QUERIES = ["?include_renewal_preview=%E0%A4%A", `?q=${"x".repeat(5000)}`, "?a[]=1&a[b]=2", "?__proto__[x]=1", "?=&&=", "?name=%00"];

const BAD_COOKIES = [
  "seed_jwt=",
  "seed_jwt=junk",
  "seed_jwt=a.b.c",
  `seed_jwt=${"x".repeat(6000)}`,
  "seed_jwt=%F0%9F%99%82.%F0%9F%99%82.x",
  "seed_jwt=eyJhbGciOiJub25lIn0.eyJ1dWlkIjoieCIsInN1YiI6ImN8eSIsImVtYWlsIjoieiJ9.",
  "seed_flags=data-redesign=%%%; seed_jwt=%zz",
];

interface Operation {
  method: string;
  template: string;
  hasBody: boolean;
}

function operations(providerBase: string): Operation[] {
  const doc = openApiDocument(providerBase);
  const ops: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths) as [string, Record<string, { requestBody?: unknown }>][]) {
    for (const [method, op] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method)) continue;
      ops.push({ method: method.toUpperCase(), template, hasBody: op.requestBody !== undefined });
    }
  }
  return ops;
}

const fill = (template: string, value: string) => template.replace(/\{[^}]+\}/g, value);

describe(`API fuzz: bad input never gives a 500 (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let cookie: string;
  const ops = operations("/provider");

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    const customer = await findOrCreateCustomer(shop, "fuzz@example.com");
    cookie = `seed_jwt=${(await startSession(shop, customer)).token}`;
  });
  afterAll(() => shop.cleanup());

  it("the OpenAPI document lists the routes to fuzz", () => {
    expect(ops.length).toBeGreaterThanOrEqual(6);
    expect(ops.filter((o) => o.hasBody).length).toBeGreaterThanOrEqual(3);
  });

  async function expectClientError(res: Response, what: string) {
    const text = await res.text();
    expect(res.status, `${what} -> ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${what} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
    expect(res.headers.get("content-type"), what).toMatch(/^application\/json/);
    const body = JSON.parse(text);
    expect(Object.keys(body).sort(), what).toEqual(["code", "message"]);
    expect(typeof body.code, what).toBe("string");
    expect(typeof body.message, what).toBe("string");
  }

  async function expectNoServerError(res: Response, what: string) {
    const text = await res.text();
    expect(res.status, `${what} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
    // A few GETs answer a redirect by design (the verification link, the start of social sign-in).
    if (res.status >= 300 && res.status < 400) return expect(res.headers.get("location"), what).toBeTruthy();
    expect(res.headers.get("content-type"), what).toMatch(/^application\/json/);
    JSON.parse(text);
  }

  describe.each([
    ["anonymous", false],
    ["signed in", true],
  ])("%s", (_who, signedIn) => {
    it("every route with a JSON body answers each bad body with a 4xx {code, message}", async () => {
      for (const op of ops.filter((o) => o.hasBody)) {
        const path = fill(op.template, "fuzz_name");
        for (const [label, body] of BAD_BODIES) {
          const headers: Record<string, string> = { "content-type": "application/json", ...(signedIn ? { cookie } : {}) };
          await expectClientError(await app.request(path, { method: op.method, body, headers }), `${op.method} ${path} with ${label}`);
        }
        // The same bodies without a content type, and as a form.
        await expectClientError(await app.request(path, { method: op.method, body: "{}", headers: signedIn ? { cookie } : {} }), `${op.method} ${path} as text/plain`);
        await expectClientError(
          await app.request(path, { method: op.method, body: "a=1", headers: { "content-type": "application/x-www-form-urlencoded", ...(signedIn ? { cookie } : {}) } }),
          `${op.method} ${path} as a form`,
        );
        await expectClientError(
          await app.request(path, { method: op.method, headers: { "content-type": "application/json", ...(signedIn ? { cookie } : {}) } }),
          `${op.method} ${path} with no body at all`,
        );
      }
    });

    it("every route answers bad path parameters without a 500", async () => {
      for (const op of ops.filter((o) => o.template.includes("{"))) {
        for (const value of BAD_PARAMS) {
          const path = fill(op.template, value);
          const init: RequestInit = { method: op.method, headers: { "content-type": "application/json", ...(signedIn ? { cookie } : {}) } };
          if (op.hasBody) init.body = JSON.stringify({ variant: "a", email: "a@example.com", events: [{ name: "x" }] });
          const res = await app.request(path, init);
          await expectNoServerError(res, `${op.method} ${path.slice(0, 120)}`);
        }
      }
    });

    it("every route answers junk query strings without a 500", async () => {
      for (const op of ops) {
        for (const query of BAD_QUERIES) {
          const path = fill(op.template, "fuzz_name") + query;
          const init: RequestInit = { method: op.method, headers: { "content-type": "application/json", ...(signedIn ? { cookie } : {}) } };
          if (op.hasBody) init.body = "{}";
          await expectNoServerError(await app.request(path, init), `${op.method} ${path.slice(0, 120)}`);
        }
      }
    });
  });

  it("every route answers junk cookies and headers without a 500", async () => {
    for (const op of ops) {
      const path = fill(op.template, "fuzz_name");
      for (const junk of BAD_COOKIES) {
        const init: RequestInit = {
          method: op.method,
          headers: {
            "content-type": "application/json",
            cookie: junk,
            "cf-ipcountry": "%%",
            "cf-region-code": "x".repeat(2000),
            "x-request-id": "\t",
            "accept-encoding": "gzip;q=NaN, br;q=-1",
          },
        };
        if (op.hasBody) init.body = JSON.stringify({ variant: "a", email: "a@example.com", events: [{ name: "fuzz-cookie" }] });
        await expectNoServerError(await app.request(path, init), `${op.method} ${path} with cookie ${junk.slice(0, 60)}`);
      }
    }
  });

  it("wrong methods on every route answer a 4xx JSON, never a 500", async () => {
    for (const op of ops) {
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => m !== op.method)) {
        const path = fill(op.template, "fuzz_name");
        const init: RequestInit = { method, headers: { "content-type": "application/json" } };
        if (method !== "GET") init.body = "{}";
        const res = await app.request(path, init);
        if (res.status < 300) continue; // another route may answer this method on the same path
        await expectClientError(res, `${method} ${path}`);
      }
    }
  });
});
