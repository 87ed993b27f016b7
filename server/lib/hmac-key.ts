import { webcrypto } from "node:crypto";

const keys = new Map<string, Promise<CryptoKey>>();
/** Enough for every secret of a running shop; tests open many shops, each with its own secret. */
const KEPT = 64;

/**
 * The HS256 key of a secret, imported once. Handed raw bytes, jose imports them into WebCrypto again on every sign and
 * verify: a second asynchronous crypto job on every signed cookie, session check and link (ADR 0046).
 */
export function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= KEPT) keys.clear();
    key = webcrypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) as Promise<CryptoKey>;
    keys.set(secret, key);
  }
  return key;
}
