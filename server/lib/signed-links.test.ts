import { describe, expect, it } from "vitest";
import { signLink, verifyLink } from "./signed-links";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const now = new Date("2026-11-22T12:00:00Z");
const link = { purpose: "skip" as const, subject: "sub-1", scope: "2026-12-22", expiresAt: new Date("2026-12-22T12:00:00Z") };

describe("signed links", () => {
  it("round-trips purpose, subject, scope and expiry", () => {
    expect(verifyLink(secret, signLink(secret, link), "skip", now)).toEqual({ ok: true, link });
  });
  it("refuses another purpose, an expired token, another secret, a changed payload", () => {
    const token = signLink(secret, link);
    expect(verifyLink(secret, token, "cancel", now)).toEqual({ ok: false, reason: "wrong_purpose" });
    expect(verifyLink(secret, token, "skip", link.expiresAt)).toEqual({ ok: false, reason: "expired" });
    expect(verifyLink("another-secret-that-is-long-enough-0123456789", token, "skip", now)).toEqual({ ok: false, reason: "bad_signature" });
    const forged = Buffer.from(JSON.stringify({ p: "skip", s: "sub-2", x: null, e: 9999999999 })).toString("base64url");
    expect(verifyLink(secret, `${forged}.${token.split(".")[1]}`, "skip", now)).toEqual({ ok: false, reason: "bad_signature" });
  });
  it("answers malformed input without throwing", () => {
    for (const bad of ["", "abc", "a.b.c", ".", "x".repeat(2000)]) expect(verifyLink(secret, bad, "skip", now).ok).toBe(false);
  });
});
