import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { credentialsOf, signInWithIdentityLink, signSocialFlow, type SocialFlow } from "../modules/auth";
import { findCustomerByEmail, findOrCreateCustomer } from "../modules/customers";
import { dbOf } from "../shop";
import { lastEmailTo, requester, tokenOf } from "../testing/accounts";
import { authorize, startOpenIdProvider, type LocalOpenIdProvider } from "../testing/openid-provider";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";

// Ports of the accounts area's range (3300-3399); each database project runs its own pair.
const OP_PORT = testDriver() === "postgres" ? 3312 : 3311;
const FB_PORT = testDriver() === "postgres" ? 3314 : 3313;
const REDIRECT = "http://localhost/login/callback/google";
const FB_REDIRECT = "http://localhost/login/callback/facebook";

/** A stand-in for Facebook's Graph API: the token endpoint (codes single use) and /me (checks appsecret_proof). */
function startFacebookStandIn(port: number, secret: string) {
  const codes = new Map<string, { id: string; email?: string; first_name: string; last_name: string }>();
  const tokens = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/v19.0/oauth/access_token") {
      const code = url.searchParams.get("code") ?? "";
      const user = codes.get(code);
      if (!user || url.searchParams.get("client_secret") !== secret || url.searchParams.get("redirect_uri") !== FB_REDIRECT) return send(400, { error: { message: "Invalid verification code format." } });
      codes.delete(code);
      const token = `fbtoken-${code}`;
      tokens.set(token, code);
      users.set(token, user);
      return send(200, { access_token: token, token_type: "bearer", expires_in: 5183944 });
    }
    if (url.pathname === "/v19.0/me") {
      const token = url.searchParams.get("access_token") ?? "";
      const proof = createHmac("sha256", secret).update(token).digest("hex");
      const user = users.get(token);
      if (!user || url.searchParams.get("appsecret_proof") !== proof) return send(400, { error: { message: "Invalid OAuth access token." } });
      return send(200, user);
    }
    send(404, {});
  });
  const users = new Map<string, { id: string; email?: string; first_name: string; last_name: string }>();
  return {
    codes,
    listen: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`Google sign-in against a real OpenID provider, Facebook against a stand-in (${testDriver()})`, () => {
  let shop: TestShop;
  let op: LocalOpenIdProvider;
  let fb: ReturnType<typeof startFacebookStandIn>;
  let http: ReturnType<typeof requester>;
  beforeAll(async () => {
    op = await startOpenIdProvider(OP_PORT, { clientId: "seed-shop", clientSecret: "op-secret-op-secret", redirectUris: [REDIRECT] });
    fb = startFacebookStandIn(FB_PORT, "fb-secret");
    await fb.listen();
    shop = await openTestShop({
      env: {
        PUBLIC_URL: "http://localhost",
        GOOGLE_CLIENT_ID: "seed-shop",
        GOOGLE_CLIENT_SECRET: "op-secret-op-secret",
        GOOGLE_ISSUER: op.issuer,
        FACEBOOK_CLIENT_ID: "fb-app",
        FACEBOOK_CLIENT_SECRET: "fb-secret",
        FACEBOOK_AUTHORIZE_URL: `http://127.0.0.1:${FB_PORT}/dialog/oauth`,
        FACEBOOK_GRAPH_URL: `http://127.0.0.1:${FB_PORT}/v19.0`,
      },
    });
    http = requester(createApp(shop), "10.0.0.9", shop);
  });
  afterAll(async () => {
    await shop.cleanup();
    await op.close();
    await fb.close();
  });

  /** Starts a flow at the shop and signs `account` in at the provider; answers the callback and the flow cookie. */
  async function google(account: string) {
    op.nextAccount = account;
    const start = await http.get("/api/auth/social/google/start?redirectTo=/account/orders");
    expect(start.status).toBe(302);
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("seed_oauth="))!.split(";")[0]!;
    expect(start.headers.getSetCookie().find((c) => c.startsWith("seed_oauth="))).toMatch(/HttpOnly/);
    const callback = await authorize(start.headers.get("location")!, REDIRECT);
    return { code: callback.searchParams.get("code")!, state: callback.searchParams.get("state")!, iss: callback.searchParams.get("iss")!, flowCookie };
  }
  const signOn = (body: Record<string, string>, cookie: string, provider = "google") => http.post(`/provider/account/${provider}-signon`, body, cookie);

  it("a new Google user gets a customer with a verified email (201), then signs in as existing (200)", async () => {
    op.accounts.set("g-new", { sub: "g-new", email: "New.Google@example.com", email_verified: true, given_name: "Nia" });
    const first = await google("g-new");
    const res = await signOn({ code: first.code, state: first.state, redirect_url: REDIRECT, iss: op.issuer }, first.flowCookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true, email: "new.google@example.com", seedSessionToken: expect.any(String) });
    const customer = (await findCustomerByEmail(dbOf(shop), "new.google@example.com"))!;
    expect(customer.firstName).toBe("Nia");
    expect((await credentialsOf(dbOf(shop), customer.id)).emailVerifiedAt).not.toBeNull();

    const again = await google("g-new");
    expect((await signOn({ code: again.code, state: again.state, redirect_url: REDIRECT, iss: op.issuer }, again.flowCookie)).status).toBe(200);
  });

  it("links an existing account only when the provider verified the email", async () => {
    const guest = await findOrCreateCustomer(shop, "linked@example.com");
    op.accounts.set("g-unverified", { sub: "g-unverified", email: "linked@example.com", email_verified: false });
    const refused = await google("g-unverified");
    const r1 = await signOn({ code: refused.code, state: refused.state, redirect_url: REDIRECT, iss: op.issuer }, refused.flowCookie);
    expect(r1.status).toBe(409);
    expect((await r1.json()).code).toBe("SOCIAL_LINK_REFUSED");

    op.accounts.set("g-verified", { sub: "g-verified", email: "linked@example.com", email_verified: true });
    const ok = await google("g-verified");
    const r2 = await signOn({ code: ok.code, state: ok.state, redirect_url: REDIRECT, iss: op.issuer }, ok.flowCookie);
    expect(r2.status).toBe(200);
    expect((await r2.json()).email).toBe("linked@example.com");
    expect((await findCustomerByEmail(dbOf(shop), "linked@example.com"))!.id).toBe(guest.id);
  });

  it("refuses a wrong state", async () => {
    op.accounts.set("g-state", { sub: "g-state", email: "state@example.com", email_verified: true });
    const flow = await google("g-state");
    const res = await signOn({ code: flow.code, state: "not-the-state", redirect_url: REDIRECT, iss: op.issuer }, flow.flowCookie);
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("SOCIAL_SIGN_IN_FAILED");
    expect(await findCustomerByEmail(dbOf(shop), "state@example.com")).toBeNull();
  });

  it("refuses a replayed code", async () => {
    op.accounts.set("g-replay", { sub: "g-replay", email: "replay@example.com", email_verified: true });
    const flow = await google("g-replay");
    expect((await signOn({ code: flow.code, state: flow.state, redirect_url: REDIRECT, iss: op.issuer }, flow.flowCookie)).status).toBe(201);
    const replay = await signOn({ code: flow.code, state: flow.state, redirect_url: REDIRECT, iss: op.issuer }, flow.flowCookie);
    expect(replay.status).toBe(400);
    expect((await replay.json()).code).toBe("SOCIAL_SIGN_IN_FAILED");
  });

  it("refuses an ID token whose nonce is not this browser's", async () => {
    op.accounts.set("g-nonce", { sub: "g-nonce", email: "nonce@example.com", email_verified: true });
    const flow = await google("g-nonce");
    const claims = decodeJwt(flow.flowCookie.split("=")[1]!) as unknown as SocialFlow;
    const forged = await signSocialFlow(shop, { ...claims, nonce: "another-nonce" });
    const res = await signOn({ code: flow.code, state: flow.state, redirect_url: REDIRECT, iss: op.issuer }, `seed_oauth=${forged}`);
    expect(res.status).toBe(400);
    expect(await findCustomerByEmail(dbOf(shop), "nonce@example.com")).toBeNull();
  });

  it("refuses a callback without this browser's flow cookie, or with another redirect URL", async () => {
    op.accounts.set("g-nocookie", { sub: "g-nocookie", email: "nocookie@example.com", email_verified: true });
    const flow = await google("g-nocookie");
    expect((await signOn({ code: flow.code, state: flow.state, redirect_url: REDIRECT, iss: op.issuer }, "")).status).toBe(400);
    expect((await signOn({ code: flow.code, state: flow.state, redirect_url: "http://evil.example/cb", iss: op.issuer }, flow.flowCookie)).status).toBe(400);
  });

  it("Facebook (which never vouches for an email): a new user confirms the address by our email first, the code is single use, an existing account is never taken over by its email", async () => {
    const start = await http.get("/api/auth/social/facebook/start");
    const location = new URL(start.headers.get("location")!);
    expect(location.origin).toBe(`http://127.0.0.1:${FB_PORT}`);
    const state = location.searchParams.get("state")!;
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith("seed_oauth="))!.split(";")[0]!;
    fb.codes.set("fb-code-1", { id: "fb-1", email: "face@example.com", first_name: "Fay", last_name: "Book" });
    const res = await signOn({ code: "fb-code-1", state, redirect_url: FB_REDIRECT }, cookie, "facebook");
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("SOCIAL_EMAIL_UNCONFIRMED");
    expect(res.headers.getSetCookie().some((c) => c.startsWith("seed_jwt="))).toBe(false);
    expect((await signOn({ code: "fb-code-1", state, redirect_url: FB_REDIRECT }, cookie, "facebook")).status).toBe(400);
    // The address's owner opens our link: the identity is linked and signs in from now on.
    const mail = await lastEmailTo(shop, "face@example.com");
    expect(mail.subject).toBe("Confirm your email to sign in to Seed");
    const confirmed = await signInWithIdentityLink(shop, tokenOf(mail.link, "identity"), { ip: "10.0.0.9", userAgent: null, origin: "http://localhost" });
    expect(confirmed.customer.email).toBe("face@example.com");
    fb.codes.set("fb-code-3", { id: "fb-1", email: "face@example.com", first_name: "Fay", last_name: "Book" });
    expect((await signOn({ code: "fb-code-3", state, redirect_url: FB_REDIRECT }, cookie, "facebook")).status).toBe(200);

    await findOrCreateCustomer(shop, "existing-fb@example.com");
    fb.codes.set("fb-code-2", { id: "fb-2", email: "existing-fb@example.com", first_name: "E", last_name: "F" });
    const taken = await signOn({ code: "fb-code-2", state, redirect_url: FB_REDIRECT }, cookie, "facebook");
    expect(taken.status).toBe(409);
  });

  it("an unconfigured provider answers 404 SOCIAL_NOT_CONFIGURED", async () => {
    const bare = { ...shop, env: { ...shop.env, GOOGLE_CLIENT_ID: undefined, GOOGLE_CLIENT_SECRET: undefined } };
    const res = await requester(createApp(bare)).get("/api/auth/social/google/start");
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("SOCIAL_NOT_CONFIGURED");
  });
});
