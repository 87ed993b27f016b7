/**
 * Runs `work` while renewing a lease every `everyMs`: a living worker keeps what it holds, a dead one stops renewing
 * and its lease runs out (ADR 0051). A failed renewal is left to the next one; the lease is long enough for a few.
 */
export async function whileRenewing<T>(renew: () => Promise<unknown>, everyMs: number, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => void renew().catch(() => {}), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
