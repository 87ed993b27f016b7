import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cartPage from "../../app/routes/cart/cart";
import * as contentPage from "../../app/routes/content/content-page";
import * as loginPage from "../../app/routes/account/login";
import { ROUTES } from "../../domain/routes";
import { createApp } from "../../server/app";
import { LOGGED_CHARS } from "../../server/http/api/client-errors";
import { RATE_LIMIT_DEFAULTS } from "../../server/modules/rate-limit";
import { lastEmailTo } from "../../server/testing/accounts";
import { rawExchange } from "../../server/testing/raw-http";
import { routeDocument } from "../../server/testing/route-document";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, points 1, 2, 7 and 10: input that costs more than its size allows. A 60 KB email held the event loop for
 * 20 seconds (the account email check backtracked, and ran after its length check had failed); page form posts had no
 * body limit (three 250 MB posts to /cart grew the process by 800 MB); /api/errors wrote whatever it was sent to the
 * log without limit; the contact form answered 500 for a line break in the name and mailed any text to any typed
 * address. Each test failed on the code before the fix.
 */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
const JSON_TYPE = { "content-type": "application/json" };
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };
/** The shape that made the old pattern backtrack: "a@", then dots, then a second "@". */
const backtracking = (size: number) => `a@${".".repeat(size)}@`;
const MB = 1024 * 1024;

describe(`input cost (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let server: ServerType;
  let base: string;
  const logLines: string[] = [];

  beforeAll(async () => {
    shop = await openTestShop({ env: { RATE_LIMITS: "on" } });
    const sink = new Writable({
      write(chunk, _enc, done) {
        logLines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const logged = { ...shop, log: pino({ level: "info" }, sink) };
    app = createApp(logged, { document: routeDocument({ [ROUTES.login]: loginPage, [ROUTES.cart]: cartPage, [ROUTES.contact]: contentPage }) });
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await shop.cleanup();
  });

  /** A request over the socket, with how long its answer took; a client that waits more than 5 s gives up. */
  async function timed(path: string, init: RequestInit = {}) {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(5000) });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  }

  /** Sends `attack`, and while it is in the process asks /healthz: both must answer within a second. */
  async function whileHealthy(path: string, init: RequestInit) {
    const attack = timed(path, init);
    await new Promise((r) => setTimeout(r, 5));
    const [answer, health] = await Promise.all([attack, timed("/healthz")]);
    expect(health.status, `/healthz during ${path}`).toBe(200);
    expect(health.ms, `/healthz during ${path}`).toBeLessThan(1000);
    expect(answer.ms, path).toBeLessThan(1000);
    return answer;
  }

  describe("point 1: a 60 KB email costs no more than a short one", () => {
    const email = backtracking(60_000);
    const endpoints: [string, Record<string, unknown>][] = [
      ["/provider/account/login", { email, password: "any-password" }],
      ["/api/auth/register", { email, password: "any-password" }],
      ["/provider/account/recover", { email }],
      ["/api/mail/magic", { email }],
      ["/api/mail/code", { email }],
      ["/api/auth/code", { email, code: "123456" }],
      ["/api/auth/registerResendMail", { email }],
    ];

    it("each account endpoint answers 400 within a second, and /healthz answers meanwhile", async () => {
      // The first request of a process compiles its parsers; it is not what is measured.
      await timed("/api/mail/magic", { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ email: "warm@example.com" }) });
      for (const [path, body] of endpoints) {
        const answer = await whileHealthy(path, { method: "POST", headers: JSON_TYPE, body: JSON.stringify(body) });
        expect(answer.status, path).toBe(400);
      }
    });

    it("the sign-in page's form too: 60 KB is refused within a second, 100 KB is over the page forms' limit", async () => {
      const fields = (size: number) => new URLSearchParams({ intent: "password", email: backtracking(size), password: "any-password" }).toString();
      const answer = await whileHealthy(ROUTES.login, { method: "POST", headers: FORM_TYPE, body: fields(60_000) });
      expect(answer.status).toBeLessThan(500);
      expect((await whileHealthy(ROUTES.login, { method: "POST", headers: FORM_TYPE, body: fields(100_000) })).status).toBe(413);
    });
  });

  describe("point 2: every request body has a limit, page form posts included", () => {
    const urlencoded = `intent=${"x".repeat(20 * MB)}`;
    const multipart = `--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\n${"x".repeat(20 * MB)}\r\n--b--\r\n`;
    const post = (path: string, body: BodyInit, headers: Record<string, string>) => app.request(path, { method: "POST", body, headers, duplex: "half" } as RequestInit, from("192.0.2.20"));
    /** A body without Content-Length: 20 chunks of 1 MB, counted as they come. */
    const chunked = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(MB).fill(120));
          controller.close();
        },
      });

    it("a 20 MB form post to /cart answers 413, urlencoded, multipart or chunked", async () => {
      const answers = [
        await post(ROUTES.cart, urlencoded, { ...FORM_TYPE, "content-length": String(urlencoded.length) }),
        await post(ROUTES.cart, multipart, { "content-type": "multipart/form-data; boundary=b", "content-length": String(multipart.length) }),
        await post(ROUTES.cart, chunked(), FORM_TYPE),
      ];
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        expect(answer.headers.get("connection")).toBe("close");
      }
    });

    it("a browser's form post is told in a short page; React Router's data request gets {code, message}", async () => {
      const headers = { ...FORM_TYPE, "content-length": String(urlencoded.length) };
      const page = await post(ROUTES.cart, urlencoded, { ...headers, accept: "text/html,application/xhtml+xml" });
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await page.text()).toContain("too much to send");
      const data = await post(`${ROUTES.cart}.data`, urlencoded, { ...headers, accept: "*/*" });
      expect(await data.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
    });

    it("over a real socket: the 413 comes before the body is read, the connection closes, and the process answers on", async () => {
      const res = await rawExchange(Number(new URL(base).port), [
        `POST ${ROUTES.cart} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${250 * MB}\r\n\r\n`,
        `intent=${"x".repeat(MB)}`,
      ]);
      expect(res.text).toMatch(/^HTTP\/1\.1 413 /);
      expect(res.text.toLowerCase()).toContain("connection: close");
      expect(res.closedByServer).toBe(true);
      expect((await timed("/healthz")).status).toBe(200);
    });

    it("forms within the limit still reach their page; the console's editor may post more", async () => {
      // The longest message the contact form takes, in characters that a form encodes to 9 bytes each: 36 KB.
      const message = "\u4e2d".repeat(4000);
      const contact = await post(ROUTES.contact, new URLSearchParams({ form: "contact", name: "Kim", email: "kim@example.com", topic: "Something else", message }).toString(), FORM_TYPE);
      expect(await contact.json()).toEqual({ result: { ok: true } });
      // 200 KB of page fields: past the body limit to the console's page gate, which wants a staff member (401).
      const editor = await post("/console/content/home", `title=${"x".repeat(200 * 1024)}`, FORM_TYPE);
      expect(editor.status).toBe(401);
    });
  });

  describe("point 7: /api/errors is limited and writes little to the log", () => {
    const error = (i: number) => ({ kind: "error", message: `E${i} ${"m".repeat(990)}`, stack: "s".repeat(4000), source: "u".repeat(2000), path: `/${"p".repeat(1999)}` });
    const report = (ip: string, count = 5) =>
      app.request("/api/errors", { method: "POST", headers: JSON_TYPE, body: JSON.stringify({ errors: Array.from({ length: count }, (_, i) => error(i)) }) }, from(ip));

    it("each field is cut short in the log, so a full report writes a few KB, not 45", async () => {
      logLines.length = 0;
      expect((await report("192.0.2.30")).status).toBe(202);
      const lines = logLines.filter((l) => l.includes('"browserError"'));
      expect(lines).toHaveLength(5);
      const budget = LOGGED_CHARS.message * 2 + LOGGED_CHARS.stack + LOGGED_CHARS.source + LOGGED_CHARS.path + LOGGED_CHARS.userAgent + 400;
      for (const line of lines) expect(line.length).toBeLessThan(budget);
      expect(lines.join("").length).toBeLessThan(5 * budget);
    });

    it(`one address may report ${RATE_LIMIT_DEFAULTS["browser-errors-per-address"].limit} errors in 10 minutes, then 429 with Retry-After`, async () => {
      const { limit } = RATE_LIMIT_DEFAULTS["browser-errors-per-address"];
      for (let i = 0; i < limit / 5; i++) expect((await report("192.0.2.31")).status, `report ${i + 1}`).toBe(202);
      const refused = await report("192.0.2.31", 1);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await report("192.0.2.32", 1)).status).toBe(202);
    });
  });

  describe("point 10: the contact form", () => {
    const phishing = "Your account is locked. Sign in at https://evil.example/seed to keep your subscription.";
    const contact = (fields: Record<string, string>) => ({ name: "Kim", email: "kim@example.com", topic: "Something else", message: "Hello", ...fields });

    it("a line break in the name answers 400 {code, message}, by API and by the page's form, never 500", async () => {
      for (const name of ["Kim\r\nBcc: everyone@example.com", "Kim\nLee", "Kim\u2028Lee"]) {
        const api = await app.request("/api/mail/contact", { method: "POST", headers: JSON_TYPE, body: JSON.stringify(contact({ name })) }, from("192.0.2.40"));
        expect(api.status, JSON.stringify(name)).toBe(400);
        expect(await api.json()).toEqual({ code: "VALIDATION_ERROR", message: expect.any(String) });
        const page = await app.request(ROUTES.contact, { method: "POST", headers: FORM_TYPE, body: new URLSearchParams({ form: "contact", ...contact({ name }) }).toString() }, from("192.0.2.40"));
        expect(page.status, JSON.stringify(name)).toBe(400);
        expect((await page.json()).result.errors.name).toMatch(/one line/);
      }
    });

    it("the acknowledgement to the typed address carries none of the typed text", async () => {
      // The shop's clock stands still in tests: a step makes these forms' emails the newest to each address.
      shop.clock.advance(1000);
      const api = await app.request("/api/mail/contact", { method: "POST", headers: JSON_TYPE, body: JSON.stringify(contact({ email: "victim@example.com", name: "Seed Security Team", message: phishing })) }, from("192.0.2.41"));
      expect(api.status).toBe(200);
      shop.clock.advance(1000);
      const page = await app.request(ROUTES.contact, { method: "POST", headers: FORM_TYPE, body: new URLSearchParams({ form: "contact", ...contact({ email: "victim2@example.com", name: "Seed Security Team", message: phishing }) }).toString() }, from("192.0.2.41"));
      expect(page.status).toBe(200);
      for (const victim of ["victim@example.com", "victim2@example.com"]) {
        const ack = await lastEmailTo(shop, victim);
        expect(ack.subject).toBe("We received your message");
        for (const typed of ["evil.example", "locked", "Seed Security Team"]) {
          expect(ack.text, victim).not.toContain(typed);
          expect(ack.html, victim).not.toContain(typed);
        }
      }
      // The care team still reads the whole message.
      expect((await lastEmailTo(shop, "care@seed.example")).text).toContain(phishing);
    });
  });
});
