import { orderSequenceFrom } from "../../../domain/carriers";
import type { Permission } from "../../../domain/console-access";
import { CustomerNoteSchema } from "../../../domain/customer-notes";
import { firstOrderAt, lifetimeValue } from "../../../domain/customer-value";
import { ShopError } from "../../../domain/errors";
import { orderNumber } from "../../../domain/orders";
import { decodeTimeIdCursor, encodeTimeIdCursor, pageSize } from "../../../domain/keyset";
import { currentState, stateHistory } from "../../../domain/subscription-state";
import { sessionsOfCustomer } from "../../modules/auth";
import { planNames } from "../../modules/catalog";
import {
  addressOf,
  customerEmailsOf,
  customerIdsNamed,
  customerListRow,
  customerProfile,
  findCustomerByEmail,
  insertNote,
  listCustomers,
  MIN_SEARCH_CHARS,
  notesOf,
  searchCustomers,
  type CustomerProfile,
} from "../../modules/customers";
import { emailsTo, staffSubjectOf } from "../../modules/email";
import { entriesOf } from "../../modules/loyalty";
import { customerOfOrder, orderIdBySequence, searchOrders, valueOrdersOf } from "../../modules/orders";
import { refundedByOrder } from "../../modules/payments";
import { referralOfFriend, referralsOfReferrer } from "../../modules/referrals";
import { listAudit } from "../../modules/staff";
import {
  confirmsEachCharge,
  findSubscription,
  listSubscriptionsPage,
  livePlansOf,
  pendingAddOns,
  pendingRetentionOffer,
  subscriptionHistory,
  subscriptionRowsOfCustomer,
  type SubscriptionRow,
} from "../../modules/subscriptions";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "../../workflows/console";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export interface CustomerSearchPage {
  rows: (CustomerProfile & { plans: string[] })[];
  next: string | null;
  /** Why nothing was searched (a query too short to match usefully), in words for the page. */
  notice: string | null;
  /** The order number the query was, when it found the order's customer. */
  order: string | null;
}

/** "2026-12-01" as the start of that day (UTC); anything else is refused with a 400 saying which field. */
function dayOf(value: string | undefined, field: string): Date | undefined {
  if (!value) return undefined;
  const at = ISO_DAY.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(Number.NaN);
  if (Number.isNaN(at.getTime())) throw new ShopError("VALIDATION_ERROR", `${field}: give a date as YYYY-MM-DD.`);
  return at;
}

/**
 * The console's customers (issue 36, ADR 0073): the search by any part of email, name, phone or order number, the
 * customer page with everything care needs on one screen, staff notes, and the subscriptions list with plan names and
 * filters. Part of consoleService.
 */
export function customersService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);

  /** The customer of an order typed by its number (SD-100123 or 100123), or null when there is no such order. */
  async function customerOfOrderNumber(q: string): Promise<{ customer: CustomerProfile; order: string } | null> {
    const sequence = orderSequenceFrom(q);
    const orderId = sequence === null ? null : await orderIdBySequence(db, sequence);
    const customerId = orderId ? await customerOfOrder(db, orderId) : null;
    const customer = customerId ? await customerListRow(db, customerId) : null;
    return customer && sequence !== null ? { customer, order: orderNumber(sequence) } : null;
  }

  return {
    /**
     * Newest customers, or those matching `q`: an order number finds that order's customer; otherwise any part of
     * the email, first or last name or phone (3 characters at least), through the trigram index. `email` (the CSV
     * export's filter) is an exact address.
     */
    async customers(input: { q?: string; email?: string; before?: string; limit?: number }): Promise<CustomerSearchPage> {
      allow("customers.read");
      const limit = pageSize(input.limit);
      const cursor = decodeTimeIdCursor(input.before);
      const before = cursor && { createdAt: cursor.at, id: cursor.id };
      const q = (input.q ?? "").trim();
      const page = async (rows: CustomerProfile[], extra: Partial<CustomerSearchPage> = {}): Promise<CustomerSearchPage> => {
        const [plans, names] = await Promise.all([livePlansOf(db, rows.map((r) => r.id)), planNames(shop)]);
        return {
          rows: rows.map((r) => ({ ...r, plans: (plans.get(r.id) ?? []).map((code) => names.get(code) ?? code) })),
          next: rows.length === limit ? encodeTimeIdCursor(rows[rows.length - 1]!) : null,
          notice: null,
          order: null,
          ...extra,
        };
      };
      if (!q) return page(await listCustomers(db, { email: input.email || undefined, before, limit }));
      if (q.length > 200) throw new ShopError("VALIDATION_ERROR", "Search with at most 200 characters.");
      if (!cursor) {
        const ofOrder = await customerOfOrderNumber(q);
        if (ofOrder) return { ...(await page([ofOrder.customer])), next: null, order: ofOrder.order };
      }
      if (q.length < MIN_SEARCH_CHARS) {
        return page([], { notice: `Type at least ${MIN_SEARCH_CHARS} characters of an email, name or phone, or a whole order number.` });
      }
      return page(await searchCustomers(db, { q, before, limit }));
    },

    /** Everything care needs about one customer on one page (app/routes/console/customer.tsx). */
    async customer(id: string) {
      allow("customers.read");
      const profile = await customerProfile(db, id);
      if (!profile) throw new ShopError("NOT_FOUND", "There is no such customer.");
      const [orders, valueOrders, subscriptionRows, sessions, savedAddress, ledger, referredBy, referred, emails, notes, names] = await Promise.all([
        searchOrders(db, { customerIds: [id], limit: 50 }),
        valueOrdersOf(db, id),
        subscriptionRowsOfCustomer(db, id),
        sessionsOfCustomer(db, id, shop.clock.now()),
        addressOf(db, id),
        entriesOf(db, id, 100),
        referralOfFriend(db, id),
        referralsOfReferrer(db, id, 50),
        emailsTo(db, profile.email, 30),
        notesOf(db, id),
        planNames(shop),
      ]);
      const refunded = await refundedByOrder(
        db,
        valueOrders.map((o) => o.id),
      );
      const others = await customerEmailsOf(db, [...new Set([...(referredBy ? [referredBy.referrerId] : []), ...referred.map((r) => r.friendId)])]);
      const planName = (code: string) => names.get(code) ?? code;
      const subscriptions = await Promise.all(subscriptionRows.map((row) => subscriptionView(row, planName)));
      const balances = new Map<string, number>();
      for (const entry of [...ledger].reverse()) balances.set(entry.account, entry.balanceAfter);
      return {
        profile,
        addresses: addressesOf(savedAddress, subscriptionRows, valueOrders),
        orders: orders.map((o) => ({ ...o, refunded: refunded.get(o.id) ?? 0 })),
        value: { lifetime: lifetimeValue(valueOrders, refunded), firstOrderAt: firstOrderAt(valueOrders)?.toISOString() ?? null },
        subscriptions,
        sessions,
        balances: [...balances].map(([account, balance]) => ({ account, balance })),
        ledger: ledger.map((l) => ({ id: l.id, account: l.account, amount: l.amount, balanceAfter: l.balanceAfter, reason: l.reason, createdAt: l.createdAt.toISOString() })),
        referredBy: referredBy ? { customerId: referredBy.referrerId, email: others.get(referredBy.referrerId) ?? "", status: referredBy.status, code: referredBy.code, at: referredBy.createdAt.toISOString() } : null,
        referred: referred.map((r) => ({ customerId: r.friendId, email: others.get(r.friendId) ?? "", status: r.status, rewardAmount: r.rewardAmount, rewardCurrency: r.rewardCurrency, at: r.createdAt.toISOString() })),
        // Subjects only, through the staff view (ADR 0055): a sign-in code's subject is the code. The email's own page
        // shows the body with its links hidden, and opening it is audited.
        emails: emails.map((m) => ({ id: m.id, subject: staffSubjectOf(m), template: m.template, status: m.status, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null })),
        notes: notes.map((n) => ({ id: n.id, body: n.body, staffEmail: n.staffEmail, createdAt: n.createdAt.toISOString() })),
      };
    },

    /** A staff note on the customer; the note and its audit entry commit together. */
    async addCustomerNote(customerId: string, body: unknown) {
      allow("customers.note");
      const parsed = CustomerNoteSchema.safeParse(typeof body === "string" ? body : "");
      if (!parsed.success) throw new ShopError("VALIDATION_ERROR", parsed.error.issues[0]!.message);
      if (!(await customerProfile(db, customerId))) throw new ShopError("NOT_FOUND", "There is no such customer.");
      return consoleAction(shop, actor, "customers.note", async (tx, now) => {
        const note = await insertNote(tx, { customerId, body: parsed.data, staffId: actor.staffId, staffEmail: actor.email, now });
        return { result: { id: note.id, createdAt: note.createdAt.toISOString() }, audit: { targetType: "customer", targetId: customerId, before: null, after: { noteId: note.id, body: note.body } } };
      });
    },

    /**
     * Subscriptions newest first, with their plan's name. q finds by subscription id, customer email or name; status,
     * plan (what the next charge buys) and a next-billing date range (YYYY-MM-DD, `nextTo` included) narrow.
     */
    async subscriptions(input: { q?: string; status?: string; plan?: string; nextFrom?: string; nextTo?: string; before?: string; limit?: number }) {
      allow("subscriptions.read");
      const limit = pageSize(input.limit);
      const q = input.q?.trim() ?? "";
      const cursor = decodeTimeIdCursor(input.before);
      const nextFrom = dayOf(input.nextFrom, "Next charge from");
      const nextTo = dayOf(input.nextTo, "Next charge to");
      if (nextFrom && nextTo && nextTo < nextFrom) throw new ShopError("VALIDATION_ERROR", "Next charge to: pick a day on or after the first.");
      const names = await planNames(shop);
      if (input.plan && !names.has(input.plan)) throw new ShopError("VALIDATION_ERROR", "Plan: there is no such plan.");
      let rows;
      if (UUID.test(q)) {
        const one = await findSubscription(db, q);
        rows = one ? [one] : [];
      } else {
        const customerIds = q.includes("@") ? await findCustomerByEmail(db, q.toLowerCase()).then((c) => (c ? [c.id] : [])) : q ? await customerIdsNamed(db, q) : undefined;
        rows = await listSubscriptionsPage(db, {
          customerIds,
          status: input.status || undefined,
          planCode: input.plan || undefined,
          nextFrom,
          nextBefore: nextTo && new Date(nextTo.getTime() + DAY_MS),
          before: cursor && { createdAt: cursor.at, id: cursor.id },
          limit,
        });
      }
      const emails = await customerEmailsOf(db, [...new Set(rows.map((r) => r.customerId))]);
      const view = rows.map((r) => ({
        id: r.id,
        customerId: r.customerId,
        email: emails.get(r.customerId) ?? "",
        productCode: r.productCode,
        planCode: r.planCode,
        quantity: r.quantity,
        status: r.status,
        currency: r.currency,
        nextBillingAt: r.nextBillingAt.toISOString(),
        createdAt: r.createdAt.toISOString(),
        // Last, so the CSV export's columns before them stay where they were: what the next charge buys, by name.
        renewalPlanCode: r.renewalPlanCode,
        planName: names.get(r.renewalPlanCode) ?? r.renewalPlanCode,
      }));
      return { rows: view, next: view.length === limit ? encodeTimeIdCursor(view[view.length - 1]!) : null };
    },

    /** The plans a subscription list can be narrowed to, by name. */
    async subscriptionPlans() {
      allow("subscriptions.read");
      return [...(await planNames(shop))].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
  };

  /** One subscription on the customer page: its state now, its history, and what the next charge will do differently. */
  async function subscriptionView(row: SubscriptionRow, planName: (code: string) => string) {
    const [history, staffActions, addOns, retention, confirmEach] = await Promise.all([
      subscriptionHistory(db, row.id),
      listAudit(db, { limit: 50, target: { type: "subscription", id: row.id } }),
      pendingAddOns(db, row.id),
      pendingRetentionOffer(db, row.id),
      confirmsEachCharge(db, row.id),
    ]);
    const state = currentState(row);
    const planChange = history.changes.find((c) => c.action === "change_plan");
    const active = row.status !== "canceled";
    const pending = active
      ? [
          // A kit renews as its refill by design; only a member's (or staff's) change of plan is news for care.
          ...(planChange ? [`Plan changed ${planChange.changedAt.toISOString().slice(0, 10)}: the next charge buys ${planName(row.renewalPlanCode)} × ${row.quantity}`] : []),
          ...addOns.map((a) => `Added to next shipment: ${planName(a.planCode)} × ${a.quantity}`),
          ...(retention ? [`${retention.percentOff}% off the next charge (retention offer)`] : []),
          ...(confirmEach ? ["Asks the member before each charge"] : []),
        ]
      : [];
    return {
      id: row.id,
      planCode: row.renewalPlanCode,
      planName: planName(row.renewalPlanCode),
      firstPlanName: planName(row.planCode),
      quantity: row.quantity,
      currency: row.currency,
      state: state.state,
      stateLabel: state.label,
      stateSince: state.since?.toISOString() ?? null,
      nextBillingAt: active ? row.nextBillingAt.toISOString() : null,
      pending,
      history: stateHistory({
        createdAt: row.createdAt,
        changes: history.changes,
        cancellations: history.cancellations,
        staffActions: staffActions.map((a) => ({ staffEmail: a.staffEmail, action: a.action, reason: (a.after as { reason?: string } | null)?.reason ?? null, at: a.createdAt })),
      }).map((h) => ({ at: h.at.toISOString(), what: h.what })),
    };
  }
}

type Row = { shippingAddress: unknown };

/** The saved address, then each distinct address a subscription or an order ships to, newest first. */
function addressesOf(saved: object | null, subscriptions: readonly Row[], orders: readonly Row[]) {
  const seen = new Set<string>();
  const out: { label: string; lines: string[] }[] = [];
  const add = (label: string, value: unknown) => {
    const lines = addressLines(value);
    const key = lines.join("|").toLowerCase();
    if (lines.length === 0 || seen.has(key)) return;
    seen.add(key);
    out.push({ label, lines });
  };
  add("Saved address", saved);
  for (const s of subscriptions) add("Subscription ships to", s.shippingAddress);
  for (const o of orders) add("Order shipped to", o.shippingAddress);
  return out.slice(0, 10);
}

function addressLines(value: unknown): string[] {
  if (!value || typeof value !== "object") return [];
  const a = value as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === "string" ? (a[k] as string).trim() : "");
  return [
    [s("firstName"), s("lastName")].filter(Boolean).join(" "),
    s("address1"),
    s("address2"),
    [s("city"), s("region"), s("postalCode")].filter(Boolean).join(" "),
    s("country"),
  ].filter(Boolean);
}
