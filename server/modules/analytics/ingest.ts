import { and, desc, eq, inArray, lte } from "drizzle-orm";
import { propertiesInUsd, type UsdRate } from "../../../domain/analytics-currency";
import { consentFrom, gateEvent, withGpc, type Consent } from "../../../domain/consent";
import { ShopError } from "../../../domain/errors";
import { checkCatalogue, type AnalyticsEventInput } from "../../../domain/events";
import { analyticsCurrencyRates, analyticsEvents } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { writeEvents } from "./writer";

export interface IngestContext {
  customerId: string | null;
  requestId: string | null;
  /** The request carried Sec-GPC: 1. */
  gpc: boolean;
}

export interface IngestResult {
  stored: number;
  /** Events the shopper's consent did not allow (or already stored under the same message id). */
  dropped: number;
}

/**
 * POST /api/events: every event must be in the catalogue with properties matching its schema (else 400, nothing
 * stored); then the consent gate drops what the shopper has not allowed, amounts are converted to USD, and the rest
 * is stored (once per message id) and, when a destination is configured, queued for forwarding.
 */
export async function ingestEvents(shop: Shop, batch: { events: AnalyticsEventInput[]; consent?: unknown }, ctx: IngestContext): Promise<IngestResult> {
  batch.events.forEach((event, index) => {
    const check = checkCatalogue(event);
    if (!check.ok) throw new ShopError("VALIDATION_ERROR", `events.${index}: ${check.message}`);
  });
  const consent: Consent = withGpc(consentFrom(batch.consent), ctx.gpc);
  const allowed = batch.events.map((e) => gateEvent(e, consent)).filter((e): e is AnalyticsEventInput => e !== null);
  if (allowed.length === 0) return { stored: 0, dropped: batch.events.length };
  const now = shop.clock.now();
  const rates = await ratesOn(shop, now, allowed);
  const stored = await writeEvents(
    shop,
    allowed.map((e) => ({
      name: e.name,
      properties: propertiesInUsd(e.properties, rateFor(rates, e.properties.currency)),
      path: e.path ?? null,
      anonymousId: e.anonymousId ?? null,
      userId: ctx.customerId,
      requestId: ctx.requestId,
      messageId: e.messageId ?? null,
      createdAt: now,
    })),
  );
  return { stored, dropped: batch.events.length - stored };
}

function rateFor(rates: Map<string, UsdRate>, currency: unknown): UsdRate | null {
  return typeof currency === "string" ? (rates.get(currency) ?? null) : null;
}

/** The latest rate dated on or before today for each currency other than USD the events carry. */
async function ratesOn(shop: Shop, now: Date, events: AnalyticsEventInput[]): Promise<Map<string, UsdRate>> {
  const currencies = [...new Set(events.map((e) => e.properties.currency).filter((c): c is string => typeof c === "string" && c !== "USD"))];
  const rates = new Map<string, UsdRate>();
  if (currencies.length === 0) return rates;
  const today = now.toISOString().slice(0, 10);
  const rows = await dbOf(shop)
    .select()
    .from(analyticsCurrencyRates)
    .where(and(inArray(analyticsCurrencyRates.currency, currencies), lte(analyticsCurrencyRates.effectiveOn, today)))
    .orderBy(desc(analyticsCurrencyRates.effectiveOn));
  for (const row of rows) if (!rates.has(row.currency)) rates.set(row.currency, row);
  return rates;
}

/** Seeds or updates dated rates (idempotent per currency and day). */
export async function saveUsdRates(shop: Shop, rates: UsdRate[]): Promise<void> {
  if (rates.length === 0) return;
  const now = shop.clock.now();
  for (const rate of rates) {
    await dbOf(shop)
      .insert(analyticsCurrencyRates)
      .values({ ...rate, createdAt: now })
      .onConflictDoUpdate({ target: [analyticsCurrencyRates.currency, analyticsCurrencyRates.effectiveOn], set: { usdMicrosPerUnit: rate.usdMicrosPerUnit } });
  }
}

export async function seedUsdRates(shop: Shop, rates: UsdRate[]): Promise<number> {
  if (rates.length === 0) return 0;
  const now = shop.clock.now();
  const inserted = await dbOf(shop)
    .insert(analyticsCurrencyRates)
    .values(rates.map((r) => ({ ...r, createdAt: now })))
    .onConflictDoNothing()
    .returning({ currency: analyticsCurrencyRates.currency });
  return inserted.length;
}

export async function eventsNamed(shop: Shop, name: string) {
  return dbOf(shop).select().from(analyticsEvents).where(eq(analyticsEvents.name, name)).orderBy(analyticsEvents.id);
}
