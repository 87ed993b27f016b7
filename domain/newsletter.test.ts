import { describe, expect, it } from "vitest";
import { NEWSLETTER_SUCCESS_MS, NewsletterSchema } from "./newsletter";

/** The distinct messages of a failed parse (a value may break several checks, each with the same words). */
const messagesOf = (input: unknown) => {
  const result = NewsletterSchema.safeParse(input);
  return result.success ? [] : [...new Set(result.error.issues.map((i) => i.message))];
};

describe("NewsletterSchema", () => {
  it("lowercases and trims the email", () => {
    expect(NewsletterSchema.parse({ email: "  Ana@Example.COM " })).toEqual({ email: "ana@example.com" });
  });

  it("keeps the optional path", () => {
    expect(NewsletterSchema.parse({ email: "a@example.com", path: "/science" })).toEqual({ email: "a@example.com", path: "/science" });
  });

  it.each([[""], ["   "], ["nope"], ["a@b"], ["a@b.c"], [`${"a".repeat(250)}@example.com`]])(
    "invalid email %j says 'Kindly enter a valid email address.'",
    (email) => {
      expect(messagesOf({ email })).toEqual(["Kindly enter a valid email address."]);
    },
  );

  it.each([[{}], [{ email: 42 }], [{ email: null }], [{ email: ["a@example.com"] }]])("a missing or non-string email %j says the same words", (input) => {
    expect(messagesOf(input)).toEqual(["Kindly enter a valid email address."]);
  });

  it("rejects an over-long path", () => {
    expect(NewsletterSchema.safeParse({ email: "a@example.com", path: "/".repeat(2001) }).success).toBe(false);
  });

  it("shows success for 5 seconds", () => {
    expect(NEWSLETTER_SUCCESS_MS).toBe(5000);
  });
});

describe("NewsletterSchema path", () => {
  it("refuses a NUL character, which the database cannot store", () => {
    expect(NewsletterSchema.safeParse({ email: "a@example.com", path: "/\u0000" }).success).toBe(false);
  });
});
