import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { lastEmailTo, requester } from "../../server/testing/accounts";
import { authorize, startOpenIdProvider, type LocalOpenIdProvider } from "../../server/testing/openid-provider";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33 (read from the code): the "Confirm your email" message sent when a Google or Facebook identity did not vouch
 * for its address said neither which provider nor which account would be linked, so its reader could not tell their
 * own sign-in from a stranger's. It now names the provider, the name the provider gave and the Seed account.
 */
const OP_PORT = testDriver() === "postgres" ? 3346 : 3345;
const ORIGIN = "http://localhost";
const REDIRECT = `${ORIGIN}/login/callback/google`;

describe(`the social confirmation email says who is linked to what (${testDriver()})`, () => {
  let shop: TestShop;
  let op: LocalOpenIdProvider;
  let http: ReturnType<typeof requester>;

  beforeAll(async () => {
    op = await startOpenIdProvider(OP_PORT, { clientId: "seed-shop", clientSecret: "op-secret-op-secret", redirectUris: [REDIRECT] });
    shop = await openTestShop({ env: { PUBLIC_URL: ORIGIN, GOOGLE_CLIENT_ID: "seed-shop", GOOGLE_CLIENT_SECRET: "op-secret-op-secret", GOOGLE_ISSUER: op.issuer } });
    http = requester(createApp(shop), "198.51.100.30", shop);
  });
  afterAll(async () => {
    await shop.cleanup();
    await op.close();
  });

  async function googleSignOn(account: string) {
    op.nextAccount = account;
    const start = await http.get("/api/auth/social/google/start");
    const flowCookie = start.headers.getSetCookie().find((c) => c.startsWith("seed_oauth="))!.split(";")[0]!;
    const callback = await authorize(start.headers.get("location")!, REDIRECT);
    const body = { code: callback.searchParams.get("code")!, state: callback.searchParams.get("state")!, redirect_url: REDIRECT, iss: op.issuer };
    return http.post("/provider/account/google-signon", body, flowCookie);
  }

  it("names Google, the name the Google account gave and the Seed account it will sign in to, in the text and the HTML", async () => {
    op.accounts.set("named-1", { sub: "named-1", email: "named@example.com", email_verified: false, given_name: "Mallory", family_name: "Stranger" });
    expect((await googleSignOn("named-1")).status).toBe(403);
    const mail = await lastEmailTo(shop, "named@example.com");
    expect(mail.template).toBe("account-confirm_social");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Google");
      expect(body).toContain("Mallory Stranger");
      expect(body).toContain("named@example.com");
    }
  });

  it("without a name from the provider, still names the provider and the account", async () => {
    op.accounts.set("nameless-1", { sub: "nameless-1", email: "nameless@example.com", email_verified: false });
    expect((await googleSignOn("nameless-1")).status).toBe(403);
    const mail = await lastEmailTo(shop, "nameless@example.com");
    expect(mail.text).toContain("a Google account");
    expect(mail.text).toContain("the Seed account nameless@example.com");
  });
});
