import argon2 from "argon2";

/**
 * Passwords are hashed with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane): memory-hard, so a
 * stolen table is slow to guess on GPUs. The hash string carries its own parameters and salt.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/**
 * A hash of a password nobody knows, made once: checking a sign-in for an unknown email (or an account without a
 * password) verifies against it, so every answer costs one argon2 verification (docs/decisions/0009).
 */
let decoy: Promise<string> | null = null;
const decoyHash = () => (decoy ??= argon2.hash(`decoy-${Math.random()}`, OPTIONS));

/** True when the password matches the stored hash. A missing hash still costs one verification, and answers false. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const hash = stored ?? (await decoyHash());
  try {
    const ok = await argon2.verify(hash, password);
    return ok && stored != null;
  } catch {
    return false;
  }
}

/** Warms the decoy at start so the first unknown-email sign-in is not the only fast... or slow one. */
export const warmPasswordDecoy = (): Promise<unknown> => decoyHash();
