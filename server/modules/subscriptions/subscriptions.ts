import type { Address } from "../../../domain/address";
import { addMonths } from "../../../domain/billing-dates";
import type { PriceList } from "../../../domain/plans";
import type { OrderSummary } from "../../../domain/orders";
import { firstRenewalMonths, type PlanCode } from "../../../domain/plans";
import type { Quote } from "../../../domain/quote";
import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { isHeld } from "../../../domain/subscriptions";
import type { Queryable } from "../../db/client";
import { statementPart, type StatementPart } from "../../db/one-statement";
import { subscriptions } from "../../db/schema";

export interface NewSubscriptions {
  customerId: string;
  orderId: string;
  quote: Quote;
  priceList: PriceList;
  /** A promo coupon whose duration is forever keeps discounting renewals. */
  renewalCouponCode: string | null;
  /** The card renewals charge: its id, or SQL reading it from the part that saves it. */
  paymentMethodId: string | SQL | null;
  shippingAddress: Address;
  now: Date;
  /** Started by a held order (ADR 0057): not in the account's portal until its address is proven. */
  heldAt?: Date | null;
}

/**
 * One live subscription per subscription line of a paid order, billed next after its billing period, as a part of the
 * order's one statement (ADR 0046); null when the order starts none. Answers them as the receipt shows them: their ids
 * are made here, so nothing needs reading back. `paymentMethodId` may read the card saved by another part.
 */
export function subscriptionsPart(db: Queryable, s: NewSubscriptions): { part: StatementPart | null; started: OrderSummary["subscriptions"] } {
  const rows = s.quote.lines
    .filter((line) => line.isSrp && !line.bonus && line.planCode && line.billingPeriodMonths)
    .map((line) => ({
      id: randomUUID(),
      customerId: s.customerId,
      orderId: s.orderId,
      productCode: line.productCode,
      planCode: line.planCode!,
      renewalPlanCode: line.renewsInto ?? line.planCode!,
      quantity: line.quantity,
      billingPeriodMonths: line.billingPeriodMonths!,
      currency: s.quote.currency,
      priceList: s.priceList,
      country: s.quote.country,
      status: "active",
      couponCode: s.renewalCouponCode,
      paymentMethodId: s.paymentMethodId,
      shippingAddress: s.shippingAddress,
      activatedAt: s.now,
      nextBillingAt: addMonths(s.now, firstRenewalMonths(line.planCode, line.billingPeriodMonths!)),
      heldAt: s.heldAt ?? null,
      createdAt: s.now,
    }));
  const started = rows.map((row) => ({
    id: row.id,
    planCode: row.planCode as PlanCode,
    renewsInto: row.renewalPlanCode as PlanCode,
    nextBillingAt: row.nextBillingAt.toISOString(),
    billingPeriodMonths: row.billingPeriodMonths,
  }));
  return { part: rows.length ? statementPart("subscriptions_started", db.insert(subscriptions).values(rows)) : null, started };
}

/** How many of a customer's subscriptions are held (not cancelled, or reactivated after cancelling). */
export async function countHeldSubscriptions(db: Queryable, customerId: string): Promise<number> {
  const rows = await db
    .select({ canceledAt: subscriptions.canceledAt, activatedAt: subscriptions.activatedAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.customerId, customerId), isNull(subscriptions.heldAt)));
  return rows.filter(isHeld).length;
}

/** The account's address was just proven (ADR 0057): the subscriptions its held orders started become the account's. */
export async function claimHeldSubscriptions(db: Queryable, customerId: string): Promise<void> {
  await db.update(subscriptions).set({ heldAt: null }).where(and(eq(subscriptions.customerId, customerId), isNotNull(subscriptions.heldAt)));
}

/** The subscriptions an order started, as its receipt shows them. */
export async function subscriptionsOfOrder(db: Queryable, orderId: string): Promise<OrderSummary["subscriptions"]> {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  return rows.map((s) => ({
    id: s.id,
    planCode: s.planCode as PlanCode,
    renewsInto: s.renewalPlanCode as PlanCode,
    nextBillingAt: s.nextBillingAt.toISOString(),
    billingPeriodMonths: s.billingPeriodMonths,
  }));
}

/** A customer's subscriptions for the operator console, newest first. */
export async function subscriptionsOfCustomer(db: Queryable, customerId: string) {
  const rows = await db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)).orderBy(desc(subscriptions.createdAt)).limit(200);
  return rows.map((s) => ({
    id: s.id,
    planCode: s.planCode,
    status: s.status,
    quantity: s.quantity,
    currency: s.currency,
    nextBillingAt: s.nextBillingAt.toISOString(),
    canceledAt: s.canceledAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  }));
}
