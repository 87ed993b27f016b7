import { createHmac, randomBytes } from "node:crypto";
import { and, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import { sandboxCharges, sandboxRefunds, sandboxTokens } from "../../db/schema";
import type { Database } from "../../db/client";
import { preparedOnce } from "../../db/prepared";
import { dbOf, type Shop } from "../../shop";
import { TOKEN_ALREADY_USED, UNKNOWN_TOKEN, type AuthorizeResult, type CardDetails, type ChargeResult, type GatewayCharge, type PaymentGateway } from "./gateway";
import { luhnValid } from "../../../domain/card-number";
import { cardBrand, DECLINE_MESSAGES, TEST_CARDS, type CardBehavior } from "./test-cards";
import { knownCard, rememberCard } from "./known-cards";

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** The behaviours whose cards an on-session authorization accepts. */
const PASSING_AT_CHECKOUT: CardBehavior[] = ["succeed", "authentication_required"];

interface AuthorizedRow {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string | null;
  /** Null when the key was already used (a replay): the first charge is read then. */
  id: string | null;
  status: string | null;
  decline_code: string | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The card a tokenize request names, for its limits: null when the number is not a card number at all. */
export function describeCardInput(card: CardInput): CardDetails | null {
  const number = card.number.replace(/[\s-]/g, "");
  if (!luhnValid(number)) return null;
  return { brand: cardBrand(number), last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
}

/**
 * The sandbox's card fingerprint, as Stripe's `card.fingerprint`: derived from the number alone (the same card under a
 * new expiry date keeps it), an HMAC under a key derived from the shop's secret, so the stored value cannot be turned
 * back into the number by trying the few billion numbers a brand and last four leave.
 */
export function sandboxCardFingerprint(secret: string, number: string): string {
  const key = createHmac("sha256", secret).update("sandbox-card-fingerprint").digest();
  return createHmac("sha256", key).update(number.replace(/[\s-]/g, "")).digest("hex").slice(0, 32);
}

/**
 * The browser-side step of a real gateway (its JavaScript turns a card into a token): validates the card and returns
 * a token. The card number is not stored or logged; only brand, last four and the test behaviour are kept.
 */
export async function tokenizeCard(shop: Shop, card: CardInput, options: { captchaChecked?: boolean } = {}): Promise<{ token: string } & CardDetails> {
  const number = card.number.replace(/[\s-]/g, "");
  if (!luhnValid(number)) throw new ShopError("VALIDATION_ERROR", "Your card number is invalid.");
  if (!/^\d{3,4}$/.test(card.cvc)) throw new ShopError("VALIDATION_ERROR", "Your card's security code is invalid.");
  const now = shop.clock.now();
  const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired) throw new ShopError("VALIDATION_ERROR", "Your card's expiration date is in the past.");
  const details: CardDetails = { brand: cardBrand(number), last4: number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
  const behavior: CardBehavior = TEST_CARDS[number] ?? "succeed";
  const token = id("tok");
  const fingerprint = sandboxCardFingerprint(shop.env.SESSION_SECRET, number);
  await dbOf(shop).insert(sandboxTokens).values({ token, ...details, fingerprint, behavior, createdAt: now, captchaCheckedAt: options.captchaChecked ? now : null });
  rememberCard(shop, token, { ...details, fingerprint });
  // The browser gets brand, last four and expiry; the fingerprint stays on the server (as Stripe keeps it from Stripe.js).
  return { token, ...details };
}

export function sandboxGateway(shop: Shop): PaymentGateway {
  const db = () => dbOf(shop);
  return {
    name: "sandbox",

    async describe(token) {
      return knownCard(shop, token, async () => {
        const [row] = await db().select().from(sandboxTokens).where(eq(sandboxTokens.token, token)).limit(1);
        return row ? { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, fingerprint: row.fingerprint } : null;
      });
    },

    async takeCaptchaCheck(token) {
      const taken = await db()
        .update(sandboxTokens)
        .set({ captchaCheckedAt: null })
        .where(and(eq(sandboxTokens.token, token), isNotNull(sandboxTokens.captchaCheckedAt), isNull(sandboxTokens.spentBy)))
        .returning({ token: sandboxTokens.token });
      return taken.length === 1;
    },

    // One statement when the key is new (the card read, the token spent and the charge written together), one more
    // when it is a replay or the token was already spent.
    async authorize({ token, amount, currency, idempotencyKey, savedCard = false }): Promise<AuthorizeResult> {
      const now = shop.clock.now();
      const chargeId = id("ch");
      // On-session the browser handles authentication, so a card that needs it passes at checkout.
      const passes = sql`t.behavior in (${sql.join(PASSING_AT_CHECKOUT.map((b) => sql`${b}`), sql`, `)})`;
      const result = await db().execute(sql`
        with card as (select t.token, t.brand, t.last4, t.exp_month, t.exp_year, t.fingerprint, ${passes} as passes, t.behavior from sandbox_tokens t where t.token = ${token}),
        spend as (${spendOneTimeToken(token, chargeId, idempotencyKey, passes, savedCard)}),
        charge as (
          insert into sandbox_charges (id, idempotency_key, token, amount, currency, status, decline_code, created_at, updated_at)
          select ${chargeId}, ${idempotencyKey}, card.token, ${amount}, ${currency},
                 case when card.passes then 'authorized' else 'declined' end, case when card.passes then null else card.behavior end, ${now}, ${now}
          from card
          where ${savedCard}::boolean or exists (select 1 from spend where spend.spent_by is null or spend.spent_by = ${chargeId})
          on conflict (idempotency_key) do nothing
          returning id, status, decline_code
        )
        select card.brand, card.last4, card.exp_month, card.exp_year, card.fingerprint, charge.id, charge.status, charge.decline_code from card left join charge on true`);
      const [row] = (result as unknown as { rows: AuthorizedRow[] }).rows;
      if (!row) return { status: "declined", code: UNKNOWN_TOKEN, message: "Your card details have expired. Please enter them again." };
      // The same key always answers the first outcome, as real gateways do.
      const [charge] = row.id
        ? [{ id: row.id, status: row.status!, declineCode: row.decline_code }]
        : await db().select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
      if (!charge && !savedCard) return { status: "declined", code: TOKEN_ALREADY_USED, message: "This card token was already used for a payment." };
      if (!charge) throw new Error("sandbox charge vanished");
      if (charge.status === "declined") {
        const code = (charge.declineCode ?? "card_declined") as Exclude<CardBehavior, "succeed">;
        return { status: "declined", code, message: DECLINE_MESSAGES[code] };
      }
      return { status: "authorized", chargeId: charge.id, card: { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, fingerprint: row.fingerprint } };
    },

    async attach(token, reference) {
      const attachedAs = `attached:${reference}`;
      const attached = await db()
        .update(sandboxTokens)
        .set({ spentBy: attachedAs, captchaCheckedAt: null })
        .where(and(eq(sandboxTokens.token, token), or(isNull(sandboxTokens.spentBy), eq(sandboxTokens.spentBy, attachedAs))))
        .returning({ token: sandboxTokens.token });
      return attached.length === 1;
    },

    // Like a real gateway: only a live authorization can be captured (capturing twice is harmless), only an
    // uncaptured one voided.
    async capture(chargeId) {
      const done = await preparedOnce(db(), "sandbox_capture", capture).execute({ chargeId, now: shop.clock.now() });
      if (done.length === 0) throw new Error(`sandbox charge ${chargeId} is not authorized`);
    },

    async chargeSaved({ token, amount, currency, idempotencyKey }): Promise<ChargeResult> {
      const [card] = await db().select().from(sandboxTokens).where(eq(sandboxTokens.token, token)).limit(1);
      const behavior = (card?.behavior ?? "card_declined") as CardBehavior;
      const status = behavior === "succeed" ? "captured" : behavior === "authentication_required" ? "requires_action" : "declined";
      const now = shop.clock.now();
      await db()
        .insert(sandboxCharges)
        .values({ id: id("ch"), idempotencyKey, token, amount, currency, status, declineCode: status === "declined" ? behavior : null, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey });
      const [charge] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey)).limit(1);
      if (!charge) throw new Error("sandbox charge vanished");
      return resultOf(charge);
    },

    // The same answers as chargeSaved, in three statements for the whole list (the renewal engine's batch).
    async chargeSavedMany(requests) {
      if (requests.length === 0) return [];
      const tokens = [...new Set(requests.map((r) => r.token))];
      const cards = new Map((await db().select().from(sandboxTokens).where(inArray(sandboxTokens.token, tokens))).map((c) => [c.token, c]));
      const now = shop.clock.now();
      await db()
        .insert(sandboxCharges)
        .values(
          requests.map(({ token, amount, currency, idempotencyKey }) => {
            const behavior = (cards.get(token)?.behavior ?? "card_declined") as CardBehavior;
            const status = behavior === "succeed" ? "captured" : behavior === "authentication_required" ? "requires_action" : "declined";
            return { id: id("ch"), idempotencyKey, token, amount, currency, status, declineCode: status === "declined" ? behavior : null, createdAt: now, updatedAt: now };
          }),
        )
        .onConflictDoNothing({ target: sandboxCharges.idempotencyKey });
      const keys = requests.map((r) => r.idempotencyKey);
      const charges = new Map((await db().select().from(sandboxCharges).where(inArray(sandboxCharges.idempotencyKey, keys))).map((c) => [c.idempotencyKey, c]));
      return requests.map((r) => {
        const charge = charges.get(r.idempotencyKey);
        if (!charge) throw new Error("sandbox charge vanished");
        return resultOf(charge);
      });
    },

    async chargeStatus(chargeId) {
      const [charge] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId)).limit(1);
      if (!charge) throw new Error(`sandbox charge ${chargeId} does not exist`);
      return resultOf(charge);
    },

    // Like a real gateway: at most what was captured, and the same idempotency key answers the first refund (with no
    // second deduction). The refund and the charge's refunded total change together.
    async refund({ chargeId, amount, idempotencyKey }) {
      return db().transaction(async (tx) => {
        const [created] = await tx
          .insert(sandboxRefunds)
          .values({ id: id("re"), idempotencyKey, chargeId, amount, createdAt: shop.clock.now() })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning();
        if (!created) {
          const [first] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey)).limit(1);
          if (!first || first.chargeId !== chargeId || first.amount !== amount) throw new Error(`sandbox refund key ${idempotencyKey} was used for another refund`);
          return { refundId: first.id };
        }
        const done = await tx
          .update(sandboxCharges)
          .set({ amountRefunded: sql`${sandboxCharges.amountRefunded} + ${amount}`, updatedAt: shop.clock.now() })
          .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, "captured"), sql`${sandboxCharges.amountRefunded} + ${amount} <= ${sandboxCharges.amount}`))
          .returning({ id: sandboxCharges.id });
        if (done.length === 0) throw new Error(`sandbox charge ${chargeId} cannot be refunded ${amount}`);
        return { refundId: created.id };
      });
    },

    async retrieveCharge(chargeId): Promise<GatewayCharge | null> {
      const [c] = await db().select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId)).limit(1);
      if (!c) return null;
      return { chargeId: c.id, status: c.status as GatewayCharge["status"], amount: c.amount, amountRefunded: c.amountRefunded, currency: c.currency };
    },

    // Nothing was paid, so the one-time token this authorization spent is given back (a retry of the same purchase,
    // after its claim was taken over, authorizes it again).
    async void(chargeId) {
      const result = await db().execute(sql`
        with voided as (
          update sandbox_charges set status = 'voided', updated_at = ${shop.clock.now()}
          where id = ${chargeId} and status in ('authorized', 'voided', 'requires_action')
          returning id, token
        ),
        freed as (update sandbox_tokens t set spent_by = null from voided where t.token = voided.token and t.spent_by = voided.id returning t.token)
        select id from voided`);
      if ((result as unknown as { rows: unknown[] }).rows.length === 0) throw new Error(`sandbox charge ${chargeId} cannot be voided`);
    },
  };
}

/**
 * The one-time token spent by this authorization, as a real gateway's token pays once (docs/decisions/0058): an UPDATE
 * that sets `spent_by` to the new charge only while it is null, so of two concurrent authorizations (two processes) the
 * second waits for the first's row lock, then finds it spent. Any try clears the token's captcha mark: a solve carries
 * one purchase. Nothing is spent when the card declines, when the key already has a charge (a replay answers that one),
 * or for a saved card (`savedCard`: the update matches no row). Returns `spent_by` as it is now.
 */
function spendOneTimeToken(token: string, chargeId: string, idempotencyKey: string, passes: SQL, savedCard: boolean): SQL {
  return sql`
    update sandbox_tokens t
    set spent_by = coalesce(t.spent_by, case when ${passes} and not exists (select 1 from sandbox_charges c where c.idempotency_key = ${idempotencyKey}) then ${chargeId} end),
        captcha_checked_at = null
    where t.token = ${token} and not ${savedCard}::boolean
    returning t.spent_by`;
}

function resultOf(charge: typeof sandboxCharges.$inferSelect): ChargeResult {
  if (charge.status === "captured") return { status: "succeeded", chargeId: charge.id };
  if (charge.status === "requires_action") return { status: "requires_action", chargeId: charge.id };
  const code = (charge.declineCode ?? "card_declined") as Exclude<CardBehavior, "succeed">;
  return { status: "declined", code, message: DECLINE_MESSAGES[code] ?? "Your card was declined.", chargeId: charge.id };
}

/** The customer passed (or failed) the bank's authentication on the gateway's page: the charge completes or is declined. */
export async function completeSandboxAuthentication(shop: Shop, chargeId: string, passed: boolean): Promise<void> {
  await dbOf(shop)
    .update(sandboxCharges)
    .set(passed ? { status: "captured", updatedAt: shop.clock.now() } : { status: "declined", declineCode: "card_declined", updatedAt: shop.clock.now() })
    .where(and(eq(sandboxCharges.id, chargeId), eq(sandboxCharges.status, "requires_action")));
}

/** Test support: make a test card behave differently from now on (funds arrive, the card is reported stolen). */
export async function setSandboxCardBehavior(shop: Shop, token: string, behavior: CardBehavior): Promise<void> {
  await dbOf(shop).update(sandboxTokens).set({ behavior }).where(eq(sandboxTokens.token, token));
}

function capture(db: Database, name: string) {
  return db
    .update(sandboxCharges)
    .set({ status: "captured", updatedAt: sql`${sql.placeholder("now")}` })
    .where(and(eq(sandboxCharges.id, sql.placeholder("chargeId")), inArray(sandboxCharges.status, ["authorized", "captured"])))
    .returning({ id: sandboxCharges.id })
    .prepare(name);
}
