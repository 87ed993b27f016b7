/**
 * How a page action answers a form it ran: 200 when it went through, else the refusal's status, with Retry-After when
 * the shop's rate limit asks the sender to wait (the same header the API sends with its 429).
 */
export function formAnswer(outcome: { ok: true } | { ok: false; status: number; retryAfterSeconds?: number }): ResponseInit {
  if (outcome.ok) return { status: 200 };
  if (outcome.retryAfterSeconds === undefined) return { status: outcome.status };
  return { status: outcome.status, headers: { "Retry-After": String(outcome.retryAfterSeconds) } };
}

/**
 * A form route's `headers`: React Router sends an action's headers on a document request only through this, so a
 * plain form's 429 carries its Retry-After too.
 */
export function formAnswerHeaders({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}
