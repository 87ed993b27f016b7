import { describe, expect, it } from "vitest";
import { AddressSchema, checkSessionMatch, CodeSignInSchema, EmailField, ProfileSchema, RegisterSchema, SignInSchema, signInStateOf } from "./accounts";
import { MESSAGES } from "./messages";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("sign-in validation (SPEC.md section 5)", () => {
  it("takes the looser account email check, trims and lowercases", () => {
    expect(EmailField.parse("  Ada@Example.COM ")).toBe("ada@example.com");
    expect(EmailField.safeParse("a@b.c").success).toBe(true);
  });
  it.each(["", "plain", "a@b", "a b@c.d", "🙂@例え.jp", "a@\u0000.com"])("refuses %j with SPEC's words", (email) => {
    expect(firstMessage(SignInSchema.safeParse({ email, password: "secret1" }))).toBe(MESSAGES.invalidEmail);
  });
  it("needs a password of at least 6 characters", () => {
    expect(firstMessage(SignInSchema.safeParse({ email: "a@b.co", password: "12345" }))).toBe(MESSAGES.shortPassword);
    expect(SignInSchema.safeParse({ email: "a@b.co", password: "123456" }).success).toBe(true);
  });
  it("a return path that is not ours is no error: it falls back to the default page where it is used (safe-return.ts)", () => {
    for (const redirectTo of ["/account/orders", "//evil.example", "https://evil.example", "/\\evil"]) {
      expect(SignInSchema.safeParse({ email: "a@b.co", password: "123456", redirectTo }).success).toBe(true);
    }
  });
  it("registration names are optional, the password rule is the same", () => {
    expect(RegisterSchema.safeParse({ email: "a@b.co", password: "123456" }).success).toBe(true);
    expect(firstMessage(RegisterSchema.safeParse({ email: "a@b.co", password: "1" }))).toBe(MESSAGES.shortPassword);
  });
  it("a code is 6 digits", () => {
    expect(CodeSignInSchema.safeParse({ email: "a@b.co", code: "012345" }).success).toBe(true);
    for (const code of ["12345", "1234567", "abcdef", "12 345"]) expect(CodeSignInSchema.safeParse({ email: "a@b.co", code }).success).toBe(false);
  });
});

describe("profile and address", () => {
  it("phone: 'Please enter a valid phone number'; empty is allowed", () => {
    expect(firstMessage(ProfileSchema.safeParse({ firstName: "A", lastName: "B", phone: "12" }))).toBe(MESSAGES.invalidPhone);
    expect(ProfileSchema.safeParse({ firstName: "A", lastName: "B", phone: "" }).success).toBe(true);
    expect(ProfileSchema.safeParse({ firstName: "A", lastName: "B", phone: "+1 (415) 555-0100" }).success).toBe(true);
  });
  it("an address is checked with the shipping rules", () => {
    const ok = { firstName: "Ada", lastName: "L", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "us" };
    expect(AddressSchema.parse(ok).country).toBe("US");
    expect(AddressSchema.safeParse({ ...ok, postalCode: "nope" }).success).toBe(false);
  });
});

describe("sign-in state and the session mismatch check (SPEC.md section 4)", () => {
  it("is newUser until there is an email, then signedIn", () => {
    expect(signInStateOf(null)).toBe("newUser");
    expect(signInStateOf("")).toBe("newUser");
    expect(signInStateOf("a@b.co")).toBe("signedIn");
  });
  const session = { uuid: "u-1", email: "Ada@Example.com" };
  it("nothing to compare: no given token while a session exists", () => {
    expect(checkSessionMatch(null, session, false)).toBe("ignore");
  });
  it("passes on the same uuid, or the same email (trimmed, any case)", () => {
    expect(checkSessionMatch({ uuid: "u-1", email: "other@b.co" }, session, true)).toBe("pass");
    expect(checkSessionMatch({ uuid: "u-2", email: " ada@example.COM " }, session, true)).toBe("pass");
  });
  it("a mismatch when the given token names someone else, is unreadable, or there is no session", () => {
    expect(checkSessionMatch({ uuid: "u-2", email: "eve@b.co" }, session, true)).toBe("mismatch");
    expect(checkSessionMatch(null, session, true)).toBe("mismatch");
    expect(checkSessionMatch({ uuid: "u-1", email: "ada@example.com" }, null, true)).toBe("mismatch");
    expect(checkSessionMatch(null, null, false)).toBe("mismatch");
  });
});
