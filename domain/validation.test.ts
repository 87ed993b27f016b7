import { describe, expect, it } from "vitest";
import { isLooseEmail, isValidEmail, MESSAGES, normaliseEmail, storableText } from "./validation";

describe("isValidEmail (strict: cart and newsletter)", () => {
  it.each([
    "ana@example.com",
    "Ana.Smith+seed@example.co.uk",
    "a_b-c@sub.domain-x.org",
    "o'brien@example.ie",
    "x@[192.168.0.1]",
    "x@[255.255.255.255]",
    "x@[0.0.0.0]",
    "  padded@example.com  ",
  ])("accepts %j", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    "",
    "   ",
    "plainaddress",
    "@example.com",
    "ana@",
    "ana@localhost",
    "ana@example",
    "ana@@example.com",
    "ana example@example.com",
    "ana@exa mple.com",
    ".ana@example.com",
    "ana..smith@example.com",
    "ana@example..com",
    "ana@-example.com",
    "ana@example.c",
    "ana@example.123",
    "x@[256.1.1.1]",
    "x@[1.2.3]",
    "x@[1.2.3.4.5]",
    "x@1.2.3.4]",
    "x@[1.2.3.4",
    "x@[::1]",
    `${"a".repeat(250)}@example.com`,
  ])("rejects %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe("isLooseEmail (account side: text@text.text)", () => {
  it.each(["a@b.c", "ana@example.com", "weird!#@host.x", "x@[1.2.3.4]", "ana@example..com"])("accepts %j", (email) => {
    expect(isLooseEmail(email)).toBe(true);
  });

  it.each(["", "a@b", "a b@c.d", "@b.c", "a@.", "a@b.", "ab.c", "a@@b.c"])("rejects %j", (email) => {
    expect(isLooseEmail(email)).toBe(false);
  });

  it("is looser than the strict check", () => {
    expect(isLooseEmail("a@b.c")).toBe(true);
    expect(isValidEmail("a@b.c")).toBe(false);
  });
});

describe("normaliseEmail", () => {
  it("trims and lowercases", () => {
    expect(normaliseEmail("  Ana@Example.COM ")).toBe("ana@example.com");
  });
});

describe("MESSAGES", () => {
  it("carries the exact words of SPEC.md sections 2, 5 and 8", () => {
    expect(MESSAGES).toEqual({
      invalidEmail: "Kindly enter a valid email address.",
      invalidPhone: "Please enter a valid phone number",
      shortPassword: "Password must be at least 6 characters long.",
      unknownEmail: "Apologies—we do not recognize your email. Kindly try again.",
      invalidPromo: "Invalid promo code",
      captchaFailed: "Captcha failed to validate. Please refresh the page and try again.",
      accountUpdateFailed: "We were unable to update your account information. Please verify your information and try again.",
      newsletterSuccess: "Email in. Thank you.",
      newsletterConsent: "By signing up, you consent to receive emails",
    });
  });
});

describe("storableText", () => {
  it("accepts text up to the limit, unicode included", () => {
    expect(storableText(5).safeParse("héllo").success).toBe(true);
    expect(storableText(2).safeParse("🙂").success).toBe(true);
  });

  it("refuses text over the limit", () => {
    expect(storableText(5).safeParse("toolong").success).toBe(false);
  });

  it("refuses lone UTF-16 surrogates but keeps proper pairs", () => {
    expect(storableText(50).safeParse("\ud800").success).toBe(false);
    expect(storableText(50).safeParse("a\udfffb").success).toBe(false);
    expect(storableText(50).safeParse("\ud83d\ude42").success).toBe(true);
  });

  it("refuses the NUL character anywhere", () => {
    expect(storableText(50).safeParse("\u0000").success).toBe(false);
    expect(storableText(50).safeParse("a\u0000b").success).toBe(false);
  });
});
