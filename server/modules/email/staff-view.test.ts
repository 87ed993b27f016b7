import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { renderAccountEmail, type AccountEmailKind } from "../auth";
import { confirmationEmail, welcomeEmail } from "../newsletter/emails/newsletter-emails";
import { renderCancelLink, renderCancellationConfirmation } from "../subscriptions/emails/subscription-emails";
import { HIDDEN_CODE, HIDDEN_LINK, MAX_PART_CHARS, staffSubjectOf, staffViewOf, staffViewShows } from "./staff-view";

/** The staff view of an email (ADR 0055): every kind's secrets hidden, by kind and by pattern; the rest kept. */
const token = () => randomBytes(32).toString("base64url");
const ORIGIN = "https://shop.example";

const ACCOUNT_LINKS: Record<Exclude<AccountEmailKind, "login_code">, (t: string) => string> = {
  verify: (t) => `${ORIGIN}/provider/account/verify-account/${t}`,
  set_password: (t) => `${ORIGIN}/recover?token=${t}&kind=set`,
  magic_link: (t) => `${ORIGIN}/login?magic=${t}&redirectTo=%2Faccount`,
  reset_password: (t) => `${ORIGIN}/recover?token=${t}&kind=reset`,
  change_email: (t) => `${ORIGIN}/account?confirmEmail=${t}`,
  already_registered: (t) => `${ORIGIN}/recover?token=${t}&kind=reset`,
  email_in_use: () => `${ORIGIN}/login`,
  confirm_social: (t) => `${ORIGIN}/login?identity=${t}`,
};

describe("the staff view of an email", () => {
  it("hides the sign-in code in the subject and both bodies", () => {
    const email = { template: "account-login_code", ...renderAccountEmail("login_code", { code: "619988" }) };
    const view = staffViewOf(email);
    expect(staffViewShows(view, "619988")).toBe(false);
    expect(view.subject).toBe(`${HIDDEN_CODE} is your Seed sign-in code`);
    expect(staffSubjectOf(email)).toBe(view.subject);
  });

  it("hides the link of every account email, and the token wherever it appears", () => {
    for (const [kind, link] of Object.entries(ACCOUNT_LINKS)) {
      const secret = token();
      const url = link(secret);
      const view = staffViewOf({ template: `account-${kind}`, ...renderAccountEmail(kind as AccountEmailKind, { url }) });
      expect(staffViewShows(view, url), kind).toBe(false);
      expect(staffViewShows(view, secret), kind).toBe(false);
      expect(view.text, kind).toContain(HIDDEN_LINK);
    }
  });

  it("hides the signed links of the subscription and newsletter emails", () => {
    const signed = `${token()}.${token()}`;
    const emails = [
      { template: "subscription-cancel-link", ...renderCancelLink(`${ORIGIN}/cancel/confirm?token=${signed}`) },
      { template: "subscription-canceled", ...renderCancellationConfirmation({ planName: "DS-01", canceledAt: new Date(0), reactivateUrl: `${ORIGIN}/s?action=manage&token=${signed}` }) },
      { template: "newsletter-confirm", ...confirmationEmail(`${ORIGIN}/newsletter/confirm?token=${signed}`) },
      { template: "newsletter-welcome", ...welcomeEmail(ORIGIN, `${ORIGIN}/newsletter/unsubscribe?token=${signed}`) },
    ];
    for (const email of emails) expect(staffViewShows(staffViewOf(email), signed), email.template).toBe(false);
  });

  it("a kind nobody listed has every link and code hidden; a plain kind keeps its links but not a secret in them", () => {
    const secret = token();
    const unknown = staffViewOf({ template: "brand-new-kind", subject: "Your code 123456", text: `Open ${ORIGIN}/x/${"a".repeat(10)}`, html: `<a href="${ORIGIN}/y">y</a>` });
    expect(unknown.text).toBe(`Open ${HIDDEN_LINK}`);
    expect(unknown.html).toBe(`<a href="${HIDDEN_LINK}">y</a>`);
    expect(unknown.subject).toBe(`Your code ${HIDDEN_CODE}`);

    const tracking = `${ORIGIN}/track/1Z999AA10123456784`;
    const plain = staffViewOf({ template: "order-shipped", subject: "Your order SD-1001 is on its way", text: `Track: ${tracking}\nAlso ${ORIGIN}/p?t=1&token=${secret} and /v/${secret}`, html: `<a href="${ORIGIN}/q?a=1&amp;token=${secret}">q</a>` });
    expect(plain.subject).toBe("Your order SD-1001 is on its way");
    expect(plain.text).toContain(tracking);
    expect(staffViewShows(plain, secret)).toBe(false);
  });

  it("keeps product slugs, UUIDs and prices, and bounds the work on a huge part", () => {
    const text = "Image https://cdn.example/ds-01-daily-synbiotic-front-2024.png for order 0b8f3c2e-6f7a-4c1d-9e2b-3a4b5c6d7e8f, $49.99";
    expect(staffViewOf({ template: "order-confirmation", subject: "s", text, html: "" }).text).toBe(text);
    const huge = `${"x".repeat(MAX_PART_CHARS)}${token()}`;
    const started = performance.now();
    const view = staffViewOf({ template: "order-confirmation", subject: "s", text: huge, html: "a-".repeat(MAX_PART_CHARS) });
    expect(view.text.length).toBe(MAX_PART_CHARS);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
