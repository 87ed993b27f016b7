import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastEmailTo, sessionCookieOf, tokenOf } from "../../server/testing/accounts";
import { openGoogleShop, type GoogleShop } from "../../server/testing/google-shop";
import type { LocalOpenIdProvider } from "../../server/testing/openid-provider";
import { testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 24, point 2 (high): pre-account takeover through social sign-in. An identity whose provider does not vouch
 * for the email must not create, link or sign into an account for that address until its owner confirms it through
 * our own email; and an address claimed before its owner arrived (a password typed by someone who never proved it, an
 * identity linked before the proof) must not survive the owner's proof (ADR 0049).
 */
const OP_PORT = testDriver() === "postgres" ? 3342 : 3341;
const ORIGIN = "http://localhost";

describe(`social sign-in proves the email before it opens an account (${testDriver()})`, () => {
  let shop: TestShop;
  let op: LocalOpenIdProvider;
  let http: GoogleShop["http"];
  let googleSignOn: GoogleShop["googleSignOn"];
  let close: GoogleShop["close"];

  beforeAll(async () => {
    ({ shop, op, http, googleSignOn, close } = await openGoogleShop(OP_PORT, "198.51.100.20"));
  });
  afterAll(() => close());

  it("an unvouched email opens no session; after the owner registers and sets a password, the attacker's identity signs into nothing", async () => {
    op.accounts.set("attacker-1", { sub: "attacker-1", email: "victim@example.com", email_verified: false, given_name: "Mallory" });
    const claim = await googleSignOn("attacker-1");
    expect(claim.status).toBe(403);
    expect((await claim.json()).code).toBe("SOCIAL_EMAIL_UNCONFIRMED");
    expect(claim.headers.getSetCookie().some((c) => c.startsWith("seed_jwt="))).toBe(false);
    // The confirmation went to the owner's mailbox, which the attacker does not read.
    expect((await lastEmailTo(shop, "victim@example.com")).subject).toBe("Confirm your email to sign in to Seed");

    // The real owner registers: the address already has a (password-less) customer, so a set-password link goes out.
    await http.post("/api/auth/register", { email: "victim@example.com", password: "typed-but-not-kept" });
    const setLink = await lastEmailTo(shop, "victim@example.com");
    const set = await http.post("/provider/account/set-password", { token: tokenOf(setLink.link), password: "owner-password" });
    expect(set.status).toBe(200);
    const owner = sessionCookieOf(set);
    await http.put("/api/shipping-address", { firstName: "Vic", lastName: "Tim", address1: "9 Owner Rd", city: "Austin", region: "TX", postalCode: "78701", country: "US" }, owner);

    // The attacker comes back with the same identity: no session, nothing of the owner's.
    const again = await googleSignOn("attacker-1");
    expect([403, 409]).toContain(again.status);
    expect(again.headers.getSetCookie().some((c) => c.startsWith("seed_jwt="))).toBe(false);
    expect(JSON.stringify(await again.json())).not.toContain("9 Owner Rd");
  });

  it("the confirmation link sent for an unvouched identity is spent only by the address's owner, and links only that identity", async () => {
    op.accounts.set("honest-1", { sub: "honest-1", email: "honest@example.com", email_verified: false });
    expect((await googleSignOn("honest-1")).status).toBe(403);
    const link = (await lastEmailTo(shop, "honest@example.com")).link!;
    expect(new URL(link).pathname).toBe("/login");
    const { signInWithIdentityLink } = await import("../../server/modules/auth");
    const client = { ip: "198.51.100.21", userAgent: null, origin: ORIGIN };
    const session = await signInWithIdentityLink(shop, tokenOf(link, "identity"), client);
    const user = await (await http.get("/api/user", `seed_jwt=${session.token}`)).json();
    expect(user.linkedAccounts).toEqual(["google"]);
    expect((await googleSignOn("honest-1")).status).toBe(200);
    await expect(signInWithIdentityLink(shop, tokenOf(link, "identity"), client)).rejects.toMatchObject({ code: "INVALID_LINK" });
  });

  it("a password typed by someone who registered the address without proving it dies when the provider vouches for the owner", async () => {
    await http.post("/api/auth/register", { email: "owner2@example.com", password: "attacker-password" });
    op.accounts.set("owner-2", { sub: "owner-2", email: "owner2@example.com", email_verified: true });
    expect((await googleSignOn("owner-2")).status).toBe(200);
    const attacker = await http.post("/provider/account/login", { email: "owner2@example.com", password: "attacker-password" });
    expect(attacker.status).toBe(401);
    expect(attacker.headers.getSetCookie().some((c) => c.startsWith("seed_jwt="))).toBe(false);
  });
});
