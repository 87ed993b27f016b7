import { LOYALTY_RATE_WORDS } from "../../../domain/loyalty";
import type { Queryable } from "../../db/client";
import { escapeHtml } from "../../lib/email-html";
import { enqueueEmail } from "../email";

export const POINTS_EXPIRING = "points-expiring";

const day = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function renderPointsExpiring(p: { points: number; expiresAt: Date; accountUrl: string }) {
  const subject = `Your ${p.points} Seed points expire on ${day(p.expiresAt)}`;
  const lines = [
    `You have ${p.points} loyalty points. Because your subscription was canceled, they expire on ${day(p.expiresAt)}.`,
    "Reactivate your subscription before then and you keep every point.",
    LOYALTY_RATE_WORDS,
  ];
  const text = [...lines, "", `Reactivate: ${p.accountUrl}`, "", "Seed"].join("\n");
  const html = `${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}<p><a href="${escapeHtml(p.accountUrl)}">Reactivate my subscription</a></p><p>Seed</p>`;
  return { subject, text, html };
}

/** Queued once per member and cancellation (the outbox key). */
export async function queuePointsExpiringEmail(db: Queryable, e: { to: string; customerId: string; canceledAt: Date; points: number; expiresAt: Date; accountUrl: string; now: Date }) {
  return enqueueEmail(
    db,
    { to: e.to, ...renderPointsExpiring(e), template: POINTS_EXPIRING, idempotencyKey: `${POINTS_EXPIRING}:${e.customerId}:${e.canceledAt.toISOString()}` },
    { now: e.now },
  );
}
