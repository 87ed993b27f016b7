import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openTestShop, testDriver, testEnv, type TestShop } from "../testing/test-shop";

const json = (headers: Record<string, string>, body: unknown = { email: "same-origin@example.com" }) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe(`cross-site state changes are refused (${testDriver()})`, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    shop = await openTestShop();
    // Pages answer what their form action would; the check runs before them.
    app = createApp(shop, { document: async () => new Response("page answered", { status: 200 }) });
  });
  afterAll(() => shop.cleanup());

  it("another site's Origin or Sec-Fetch-Site gets 403 {code, message} on an API post", async () => {
    const refused: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site", Origin: "https://shop.example" }, { Origin: "null" }];
    for (const headers of refused) {
      const res = await app.request("/api/newsletter", json(headers));
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ code: "FORBIDDEN", message: "Requests from other sites may not change anything here." });
    }
  });

  it("our own pages (same-origin, or a typed address) and non-browser clients pass", async () => {
    const passed: Record<string, string>[] = [{ "Sec-Fetch-Site": "same-origin", Origin: "http://localhost" }, { Origin: "http://localhost" }, { "Sec-Fetch-Site": "none" }, {}];
    for (const headers of passed) {
      expect((await app.request("/api/newsletter", json(headers))).status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("a no-JavaScript form post to a page from our own origin reaches the page; from another site it does not", async () => {
    const form = (headers: Record<string, string>) => ({ method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers }, body: "intent=add&sku=syn-wk-3mo" });
    const own = await app.request("/cart", form({ Origin: "http://localhost", "Sec-Fetch-Site": "same-origin" }));
    expect(own.status).toBe(200);
    expect(await own.text()).toBe("page answered");
    const foreign = await app.request("/cart", form({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }));
    expect(foreign.status).toBe(403);
  });

  it("GET logout changes state, so it is checked too; other GETs are not", async () => {
    expect((await app.request("/api/auth/logout", { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(403);
    expect((await app.request("/api/auth/logout", { headers: { "Sec-Fetch-Site": "same-origin" } })).status).toBe(200);
    expect((await app.request("/api/auth/check-authentication", { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
  });

  it("PUBLIC_URL's origin counts as ours behind a proxy that rewrites Host", async () => {
    const proxied = createApp({ ...shop, env: testEnv({ PUBLIC_URL: "https://shop.example" }) });
    expect((await proxied.request("/api/newsletter", json({ Origin: "https://shop.example" }))).status).toBe(200);
    expect((await proxied.request("/api/newsletter", json({ Origin: "https://evil.example" }))).status).toBe(403);
  });
});
