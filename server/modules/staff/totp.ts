import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";

/** TOTP of RFC 6238 through otplib (SHA-1, 6 digits, 30 s): what every authenticator app reads. */
export const TOTP_PERIOD_S = 30;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (email: string, secret: string): string => generateURI({ issuer: "Seed console", label: email, secret });

/**
 * The time step a code is valid for at `now` (one step of drift either way is allowed), or null. The caller stores
 * the step and refuses it again, so an overheard code cannot be replayed.
 */
export async function verifyTotp(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOTP_PERIOD_S });
  return result.valid ? Math.floor(epoch / TOTP_PERIOD_S) + result.delta : null;
}

/** Secrets are sealed at rest with a key derived from SESSION_SECRET: a database dump alone does not give the codes. */
const sealKey = (sessionSecret: string) => Buffer.from(hkdfSync("sha256", sessionSecret, "staff-totp", "seed console totp", 32));

export function sealSecret(secret: string, sessionSecret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealKey(sessionSecret), iv);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), body.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

export function openSecret(sealed: string, sessionSecret: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !body || !tag) throw new Error("Unreadable TOTP secret");
  const decipher = createDecipheriv("aes-256-gcm", sealKey(sessionSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
