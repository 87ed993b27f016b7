import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastEmailTo } from "../../server/testing/accounts";
import { openGoogleShop, type GoogleShop } from "../../server/testing/google-shop";
import { testDriver } from "../../server/testing/test-shop";

/**
 * Issue 33 (read from the code): the "Confirm your email" message sent when a Google or Facebook identity did not vouch
 * for its address said neither which provider nor which account would be linked, so its reader could not tell their
 * own sign-in from a stranger's. It now names the provider, the name the provider gave and the Seed account.
 */
const OP_PORT = testDriver() === "postgres" ? 3346 : 3345;

describe(`the social confirmation email says who is linked to what (${testDriver()})`, () => {
  let google: GoogleShop;
  beforeAll(async () => {
    google = await openGoogleShop(OP_PORT, "198.51.100.30");
  });
  afterAll(() => google.close());

  it("names Google, the name the Google account gave and the Seed account it will sign in to, in the text and the HTML", async () => {
    google.op.accounts.set("named-1", { sub: "named-1", email: "named@example.com", email_verified: false, given_name: "Mallory", family_name: "Stranger" });
    expect((await google.googleSignOn("named-1")).status).toBe(403);
    const mail = await lastEmailTo(google.shop, "named@example.com");
    expect(mail.template).toBe("account-confirm_social");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Google");
      expect(body).toContain("Mallory Stranger");
      expect(body).toContain("named@example.com");
    }
  });

  it("without a name from the provider, still names the provider and the account", async () => {
    google.op.accounts.set("nameless-1", { sub: "nameless-1", email: "nameless@example.com", email_verified: false });
    expect((await google.googleSignOn("nameless-1")).status).toBe(403);
    const mail = await lastEmailTo(google.shop, "nameless@example.com");
    expect(mail.text).toContain("a Google account");
    expect(mail.text).toContain("the Seed account nameless@example.com");
  });
});
