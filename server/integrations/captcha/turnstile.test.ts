import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopError } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import { createApp } from "../../app";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { verifyCaptcha } from "./turnstile";

const CAPTCHA_WORDS = "Captcha failed to validate. Please refresh the page and try again.";
const SECRET = "0x4AAAAAAAtest-secret";
const JSON_HEADERS = { "content-type": "application/json" };

/**
 * A fake Cloudflare siteverify: the token chooses the answer. "good" succeeds, "bad" is refused, "slow" never
 * answers, "broken" answers 500, "garbage" answers something that is not JSON, "hangup" drops the connection,
 * "wrong-secret" answers invalid-input-secret. Every request's form is recorded.
 */
async function startFakeSiteverify() {
  const requests: { method: string; contentType: string; form: URLSearchParams }[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      requests.push({ method: req.method ?? "", contentType: req.headers["content-type"] ?? "", form });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      const token = form.get("response");
      if (form.get("secret") !== SECRET || token === "wrong-secret") return json(200, { success: false, "error-codes": ["invalid-input-secret"] });
      if (token === "good") return json(200, { success: true, hostname: "shop.test", "error-codes": [] });
      if (token === "bad") return json(200, { success: false, "error-codes": ["invalid-input-response"] });
      if (token === "slow") return; // never answers
      if (token === "broken") return json(500, { error: "internal" });
      if (token === "garbage") {
        res.writeHead(200, { "content-type": "application/json" });
        return res.end("<html>not json</html>");
      }
      if (token === "truthy") return json(200, { success: "true" });
      if (token === "hangup") return req.socket.destroy();
      return json(200, { success: false, "error-codes": ["invalid-input-response"] });
    });
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}/siteverify`;
}

describe(`captcha: POST /api/turnstile/verify and verifyCaptcha (${testDriver()})`, () => {
  let shop: TestShop;
  let fake: Awaited<ReturnType<typeof startFakeSiteverify>>;
  let withSecret: TestShop;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    fake = await startFakeSiteverify();
    shop = await openTestShop();
    withSecret = { ...shop, env: { ...shop.env, TURNSTILE_SECRET_KEY: SECRET, TURNSTILE_VERIFY_URL: fake.url, TURNSTILE_TIMEOUT_MS: 400 } };
    app = createApp(withSecret);
  });
  afterAll(async () => {
    await shop?.cleanup();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  /** `peer`: the socket's remote address, as a real connection has it. */
  const verify = (body: unknown, headers: Record<string, string> = {}, target = app, peer?: string) =>
    target.request(
      "/api/turnstile/verify",
      {
        method: "POST",
        body: typeof body === "string" ? body : JSON.stringify(body),
        headers: { ...JSON_HEADERS, ...headers },
      },
      peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined,
    );

  async function expectCaptchaFailed(res: Response) {
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ code: "CAPTCHA_FAILED", message: CAPTCHA_WORDS });
  }

  it("the catalogue's CAPTCHA_FAILED is a 400 with SPEC.md's words", () => {
    expect(MESSAGES.captchaFailed).toBe(CAPTCHA_WORDS);
    const error = new ShopError("CAPTCHA_FAILED");
    expect(error.status).toBe(400);
    expect(error.toBody()).toEqual({ code: "CAPTCHA_FAILED", message: CAPTCHA_WORDS });
  });

  it("without a secret: the stand-in passes outside production; production passes nothing (CAPTCHA_UNAVAILABLE, ADR 0058)", async () => {
    await expect(verifyCaptcha(shop, "anything-at-all", null)).resolves.toBeUndefined();
    const production = { ...shop, env: { ...shop.env, NODE_ENV: "production" as const } };
    await expect(verifyCaptcha(production, "anything-at-all", null)).rejects.toMatchObject({ code: "CAPTCHA_UNAVAILABLE", status: 403 });
    await expect(verifyCaptcha(production, "good", null)).rejects.toMatchObject({ code: "CAPTCHA_UNAVAILABLE" });
    expect(fake.requests).toHaveLength(0);
  });

  it("a good token passes: 200 {success: true}; siteverify got a form-encoded POST with secret, response and remoteip", async () => {
    const res = await verify({ token: "good" }, {}, app, "203.0.113.7");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe("POST");
    expect(request!.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(request!.form)).toEqual({ secret: SECRET, response: "good", remoteip: "203.0.113.7" });
  });

  it("remoteip comes from X-Forwarded-For only behind a proxy named in TRUST_PROXY, and is left out when unknown", async () => {
    const proxied = createApp({ ...withSecret, env: { ...withSecret.env, TRUST_PROXY: ["10.0.0.1"] } });
    await verify({ token: "good" }, { "x-forwarded-for": "198.51.100.4, 10.0.0.1" }, proxied, "10.0.0.1");
    await verify({ token: "good" }, { "x-forwarded-for": "not-an-ip" }, proxied);
    // Not through the trusted proxy: a forged header is ignored, the peer is the client.
    await verify({ token: "good" }, { "x-forwarded-for": "198.51.100.4", "cf-connecting-ip": "198.51.100.5" }, app, "203.0.113.8");
    expect(fake.requests.map((r) => r.form.get("remoteip"))).toEqual(["198.51.100.4", null, "203.0.113.8"]);
  });

  it("a refused token answers 400 CAPTCHA_FAILED with the exact words", async () => {
    await expectCaptchaFailed(await verify({ token: "bad" }));
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ["siteverify never answers (timeout)", "slow"],
    ["siteverify answers 500", "broken"],
    ["siteverify answers something that is not JSON", "garbage"],
    ["siteverify drops the connection", "hangup"],
    ["siteverify answers success as a string, not true", "truthy"],
    ["siteverify refuses our secret", "wrong-secret"],
  ])("%s: CAPTCHA_FAILED, never a pass and never a 500", async (_what, token) => {
    const started = Date.now();
    await expectCaptchaFailed(await verify({ token }));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("siteverify unreachable (connection refused): CAPTCHA_FAILED", async () => {
    const down = createApp({ ...withSecret, env: { ...withSecret.env, TURNSTILE_VERIFY_URL: await closedPortUrl() } });
    await expectCaptchaFailed(await verify({ token: "good" }, {}, down));
  });

  it("an empty or blank token fails without asking Cloudflare", async () => {
    await expectCaptchaFailed(await verify({ token: "" }));
    await expectCaptchaFailed(await verify({ token: "   " }));
    expect(fake.requests).toHaveLength(0);
  });

  it("without TURNSTILE_SECRET_KEY verification passes (development and tests) and Cloudflare is not asked", async () => {
    const open = createApp({ ...shop, env: { ...shop.env, TURNSTILE_SECRET_KEY: undefined, TURNSTILE_VERIFY_URL: fake.url } });
    for (const token of ["bad", "", "anything"]) {
      const res = await verify({ token }, {}, open);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true });
    }
    await expect(verifyCaptcha(shop, undefined, null)).resolves.toBeUndefined();
    expect(fake.requests).toHaveLength(0);
  });

  it("verifyCaptcha, as the purchase workflow calls it, throws ShopError CAPTCHA_FAILED or passes", async () => {
    await expect(verifyCaptcha(withSecret, "good", "192.0.2.1")).resolves.toBeUndefined();
    await expect(verifyCaptcha(withSecret, "bad", null)).rejects.toMatchObject({ code: "CAPTCHA_FAILED", status: 400, message: CAPTCHA_WORDS });
    await expect(verifyCaptcha(withSecret, null, null)).rejects.toBeInstanceOf(ShopError);
    await expect(verifyCaptcha(withSecret, "x".repeat(2049), null)).rejects.toMatchObject({ code: "CAPTCHA_FAILED" });
    expect(fake.requests.map((r) => r.form.get("response"))).toEqual(["good", "bad"]);
  });

  describe("bad input answers a 4xx JSON {code, message}, never a 500", () => {
    const cases: [string, string | undefined, Record<string, string>?][] = [
      ["a missing token", "{}"],
      ["a null token", '{"token":null}'],
      ["a number token", '{"token":42}'],
      ["an array token", '{"token":["good"]}'],
      ["a huge token", JSON.stringify({ token: "x".repeat(5000) })],
      ["a body over the API limit", JSON.stringify({ token: "x".repeat(70_000) })],
      ["a body that is not JSON", "token=good"],
      ["truncated JSON", '{"token":"go'],
      ["an empty body", ""],
      ["a JSON array", '["good"]'],
      ["a form post", "token=good", { "content-type": "application/x-www-form-urlencoded" }],
      ["text/plain", '{"token":"good"}', { "content-type": "text/plain" }],
    ];
    it.each(cases)("%s", async (_what, body, headers) => {
      const res = await verify(body ?? "", headers ?? {});
      const text = await res.text();
      expect(res.status, text).toBeGreaterThanOrEqual(400);
      expect(res.status, text).toBeLessThan(500);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      const json = JSON.parse(text);
      expect(Object.keys(json).sort()).toEqual(["code", "message"]);
      expect(fake.requests).toHaveLength(0);
    });

    it("a GET is not a way in", async () => {
      const res = await app.request("/api/turnstile/verify");
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    });
  });

  it("is in the OpenAPI document", async () => {
    const doc = await (await app.request("/api/openapi.json")).json();
    expect(doc.paths["/api/turnstile/verify"].post).toBeDefined();
  });
});
