import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { hmacKey } from "./hmac-key";
import { signToken, verifySignedToken } from "./signed-token";

const SECRET = "a-test-secret-of-some-length-0123456789";
const NOW = new Date("2026-03-01T12:00:00.500Z");

describe("signed tokens", () => {
  it("are the very token jose would sign for the same claims", async () => {
    const ours = signToken(SECRET, { order: "o-1", n: 2 }, { now: NOW, ttlMs: 86_400_000, subject: "customer|c-1" });
    const iat = Math.floor(NOW.getTime() / 1000);
    const jose = await new SignJWT({ order: "o-1", n: 2 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("customer|c-1")
      .setIssuedAt(iat)
      .setExpirationTime(iat + 86_400)
      .sign(await hmacKey(SECRET));
    expect(ours).toBe(jose);
  });

  it("read back their claims until they expire, and not after", async () => {
    const token = signToken(SECRET, { order: "o-1" }, { now: NOW, ttlMs: 60_000 });
    expect(await verifySignedToken(SECRET, token, new Date(NOW.getTime() + 59_000))).toMatchObject({ order: "o-1" });
    expect(await verifySignedToken(SECRET, token, new Date(NOW.getTime() + 61_000))).toBeNull();
  });

  it("are refused under another secret, with a changed payload, or with another algorithm", async () => {
    const token = signToken(SECRET, { order: "o-1" }, { now: NOW, ttlMs: 60_000 });
    expect(await verifySignedToken(`${SECRET}:other`, token, NOW)).toBeNull();
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ order: "o-2", iat: 0, exp: 9_999_999_999 })).toString("base64url");
    expect(await verifySignedToken(SECRET, `${header}.${forged}.${signature}`, NOW)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url");
    expect(await verifySignedToken(SECRET, `${none}.${token.split(".")[1]}.`, NOW)).toBeNull();
    expect(await verifySignedToken(SECRET, "not a token", NOW)).toBeNull();
  });
});
