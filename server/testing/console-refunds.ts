import type { createApp } from "../app";

/**
 * A refund body with the confirmation a person would give after seeing the preview (issue 36): the amount shown, and
 * the order number typed when the refund empties the payment. A preview that refuses (nothing left, too much) leaves
 * the body as it was, so the refund answers its own refusal.
 */
export async function confirmedRefund<B extends { amount?: number; full?: boolean; paymentId?: string }>(app: ReturnType<typeof createApp>, cookie: string, number: string, body: B): Promise<B & { confirmedAmount?: number; confirmation?: string }> {
  const query = new URLSearchParams();
  if (body.paymentId) query.set("paymentId", body.paymentId);
  if (body.amount !== undefined) query.set("amount", String(body.amount));
  else query.set("full", "true");
  const res = await app.request(`/api/console/orders/${number}/refunds/preview?${query}`, { headers: { Cookie: cookie } });
  if (res.status !== 200) return body;
  const preview = (await res.json()) as { amount: number; emptiesPayment: boolean };
  return { ...body, confirmedAmount: preview.amount, ...(preview.emptiesPayment ? { confirmation: number } : {}) };
}
