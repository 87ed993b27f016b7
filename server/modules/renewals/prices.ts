import { and, eq } from "drizzle-orm";
import type { Cents } from "../../../domain/money";
import type { PriceAgreement } from "../../../domain/renewal-quote";
import type { Queryable, Tx } from "../../db/client";
import { priceNotices, renewalReminders, subscriptionPrices } from "../../db/schema";

/** The price a subscriber agreed to and the notice of the current list price, if one was sent. */
export async function priceAgreementOf(db: Queryable, subscriptionId: string, listPrice: Cents): Promise<PriceAgreement | null> {
  const [agreed] = await db.select().from(subscriptionPrices).where(eq(subscriptionPrices.subscriptionId, subscriptionId)).limit(1);
  if (!agreed) return null;
  const [notice] = await db
    .select()
    .from(priceNotices)
    .where(and(eq(priceNotices.subscriptionId, subscriptionId), eq(priceNotices.unitPrice, listPrice)))
    .limit(1);
  return { agreedPrice: agreed.unitPrice as Cents, notice: notice ? { price: notice.unitPrice as Cents, sentAt: notice.sentAt } : null };
}

/** Records the unit price a subscriber pays from now on (first seen, or a noticed new price once charged). */
export async function agreePrice(db: Queryable | Tx, subscriptionId: string, unitPrice: number, currency: string, now: Date): Promise<void> {
  await db
    .insert(subscriptionPrices)
    .values({ subscriptionId, unitPrice, currency, agreedAt: now })
    .onConflictDoUpdate({ target: subscriptionPrices.subscriptionId, set: { unitPrice, currency, agreedAt: now } });
}

/** Records the first agreement only: a subscription seen for the first time agrees to the price it was sold at. */
export async function agreePriceIfNew(db: Queryable, subscriptionId: string, unitPrice: number, currency: string, now: Date): Promise<void> {
  await db.insert(subscriptionPrices).values({ subscriptionId, unitPrice, currency, agreedAt: now }).onConflictDoNothing();
}

/** Records a price notice; answers false when this price was noticed already (the email must not go twice). */
export async function recordPriceNotice(tx: Tx, subscriptionId: string, unitPrice: number, currency: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(priceNotices).values({ subscriptionId, unitPrice, currency, sentAt: now }).onConflictDoNothing().returning({ s: priceNotices.subscriptionId });
  return rows.length === 1;
}

/** Records the reminder of a period; false when it went already. */
export async function recordReminder(tx: Tx, subscriptionId: string, period: string, now: Date): Promise<boolean> {
  const rows = await tx.insert(renewalReminders).values({ subscriptionId, period, sentAt: now }).onConflictDoNothing().returning({ s: renewalReminders.subscriptionId });
  return rows.length === 1;
}
