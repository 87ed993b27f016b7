/**
 * The Idempotency-Key of POST /api/purchase. One key per checkout attempt: a retry of the same attempt (the answer
 * never came, the server failed, or it is still placing the order) sends the same key, so the server places at most
 * one order. A definite answer (a decline, a bad field) ends the attempt: the shopper's corrected order is a new one.
 */
export function keepsAttempt(status: number, code: string): boolean {
  return status >= 500 || status === 0 || code === "CHECKOUT_IN_PROGRESS";
}

export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Older browsers on plain http: a version 4 uuid from getRandomValues.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface AttemptKeys {
  current(): string;
  /** After an answer: keep the key for a retry, or start the next attempt with a fresh one. */
  settle(status: number, code: string): void;
}

export function attemptKeys(make: () => string = newAttemptKey): AttemptKeys {
  let key: string | null = null;
  return {
    current: () => (key ??= make()),
    settle: (status, code) => {
      if (!keepsAttempt(status, code)) key = null;
    },
  };
}
