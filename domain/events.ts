import { z } from "./zod";
import { CONSENT_IDS } from "./consent";
import { EVENTS, EXPRESS_PAYMENT_TYPES, type EventName } from "./event-names";
import { storableText } from "./validation";

/**
 * The event catalogue of SPEC.md section 7: one zod schema per event for its properties. Declared properties are
 * typed; a few extra flat values are tolerated so a page can add context without a schema change (bounded by the
 * envelope). Amounts are major units in `currency`; the server converts them to USD, the analytics currency.
 */
const text = (max = 200) => storableText(max);
const Scalar = z.union([text(2000), z.number().finite(), z.boolean(), z.null()]);
const Extra = z.union([Scalar, z.array(Scalar).max(50)]);
const Amount = z.number().finite().min(0).max(10_000_000);
const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 currency code");
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, "a SHA-256 hex digest");
const Location = text(100);

const props = <S extends z.ZodRawShape>(shape: S) => z.object(shape).catchall(Extra);

/** A product in the cart events, and the advertising-match hashes they may carry with targeting consent. */
const ProductFields = {
  product_id: text(50),
  sku: text(100).nullish(),
  name: text(200).nullish(),
  price: Amount.nullish(),
  quantity: z.number().int().min(0).max(1000).nullish(),
  currency: CurrencyCode.nullish(),
};
const HashFields = { hashedEmail: Sha256.optional(), hashedPhone: Sha256.optional() };
const CartFields = {
  cart_id: text(100),
  product_ids: z.array(text(50)).max(50).optional(),
  skus: z.array(text(100).nullable()).max(50).optional(),
  quantities: z.array(z.number().int().min(0).max(1000)).max(50).optional(),
  value: Amount.optional(),
  currency: CurrencyCode.nullish(),
  ...HashFields,
};
const Step = { step: z.number().int().min(1).max(10), step_name: text(50), cart_id: text(100) };
const Coupon = { coupon_code: text(200), cart_id: text(100).optional(), reason: text(200).optional() };

export const EVENT_SCHEMAS = {
  [EVENTS.siteDown]: props({ path: text(2000) }),
  [EVENTS.navMenuClick]: props({ menu: text(100) }),
  [EVENTS.navSubmenuClick]: props({ menu: text(100), group: text(100).optional(), label: text(200) }),
  [EVENTS.mobileNavMenuClick]: props({ menu: text(100), label: text(200).optional() }),
  [EVENTS.hamburgerMenuClick]: props({}),
  [EVENTS.loginButtonClicked]: props({ location: Location }),
  [EVENTS.logoutClicked]: props({}),
  [EVENTS.logout]: props({}),
  [EVENTS.earn]: props({ location: Location }),
  [EVENTS.quizStarted]: props({ quiz: text(100).optional(), location: Location.optional() }),
  [EVENTS.quizStepCompleted]: props({ quiz: text(100), step: z.number().int().min(1).max(50), question: text(40) }),
  [EVENTS.quizCompleted]: props({ quiz: text(100), recommendedPlan: text(40) }),
  [EVENTS.emailSubmitted]: props({ email: text(320), hashedEmail: Sha256.optional(), hashedAccountInfo: Sha256.optional(), path: text(2000) }),
  [EVENTS.buttonClicked]: props({ name: text(200), location: Location }),
  [EVENTS.pageViewed]: props({ path: text(2000), title: text(300).optional(), referrer: text(2000).optional(), load_time_ms: z.number().min(0).max(600_000).nullish() }),
  [EVENTS.productAdded]: props({ cart_id: text(100), ...ProductFields, ...HashFields }),
  [EVENTS.productRemoved]: props({ cart_id: text(100), ...ProductFields, ...HashFields }),
  [EVENTS.cartViewed]: props({ ...CartFields, location: Location.optional() }),
  [EVENTS.checkoutButtonClicked]: props(CartFields),
  [EVENTS.promoFieldOpened]: props({ cart_id: text(100), ...HashFields }),
  [EVENTS.checkoutStepViewed]: props(Step),
  [EVENTS.checkoutStepCompleted]: props(Step),
  [EVENTS.couponEntered]: props(Coupon),
  [EVENTS.couponApplied]: props(Coupon),
  [EVENTS.couponDenied]: props(Coupon),
  [EVENTS.couponRemoved]: props(Coupon),
  [EVENTS.expressPayClicked]: props({ method: z.enum(EXPRESS_PAYMENT_TYPES), cart_id: text(100).optional() }),
  [EVENTS.paymentMethodSelected]: props({ payment_method: text(50), cart_id: text(100).optional() }),
  [EVENTS.paymentInfoEntered]: props({ payment_method: text(50), cart_id: text(100).optional() }),
  [EVENTS.optInChanged]: props({ opt_in: z.enum(["email", "sms", "terms"]), value: z.boolean(), location: Location.optional() }),
  [EVENTS.orderCompleted]: props({
    order_id: text(100),
    order_number: text(100).optional(),
    cart_id: text(100).optional(),
    total: Amount,
    revenue: Amount.optional(),
    discount: Amount.optional(),
    shipping: Amount.optional(),
    currency: CurrencyCode,
    coupon_codes: z.array(text(200)).max(10).optional(),
    product_ids: z.array(text(50)).max(50).optional(),
    quantities: z.array(z.number().int().min(0).max(1000)).max(50).optional(),
  }),
  [EVENTS.signedIn]: props({ method: z.enum(["password", "social", "link"]) }),
  [EVENTS.signInFailed]: props({ method: z.enum(["password", "social", "link"]), reason: text(200).optional() }),
  [EVENTS.experimentViewed]: props({ experiment: z.string().regex(/^[a-z0-9_]{1,64}$/), variant: z.string().regex(/^[a-z0-9_]{1,64}$/) }),
} satisfies Record<EventName, z.ZodType>;

/** The properties of event N, as its schema types them. */
export type EventProperties<N extends EventName> = z.input<(typeof EVENT_SCHEMAS)[N]>;

/** Money properties converted to USD on the way in. */
export const AMOUNT_PROPERTIES = ["price", "value", "total", "revenue", "discount", "shipping"] as const;

/** The envelope: what POST /api/events takes before each event's own schema is applied. */
const EnvelopeValue = z.union([Scalar, z.array(Scalar).max(50), z.record(text(100), Scalar)]);
export const AnalyticsEventSchema = z.object({
  name: text(100).trim().min(1),
  properties: z
    .record(text(100), EnvelopeValue)
    .refine((p) => Object.keys(p).length <= 50, "at most 50 properties")
    .default({}),
  path: text(2000).optional(),
  anonymousId: text(100).optional(),
  /** The browser's id for this event, so a resend (beacon after a lost fetch) is stored once. */
  messageId: z.string().uuid().optional(),
  /** When the browser recorded it; informational, the server's clock orders events. */
  timestamp: z.string().datetime({ offset: true }).optional(),
});

export const ConsentSchema = z.object(Object.fromEntries(CONSENT_IDS.map((id) => [id, z.boolean()])) as Record<(typeof CONSENT_IDS)[number], z.ZodBoolean>).partial();

/** At most 20 events a request (the browser's batch size); the rate limiter bounds requests. */
export const MAX_EVENTS_PER_BATCH = 20;
export const AnalyticsBatchSchema = z.object({
  events: z.array(AnalyticsEventSchema).min(1).max(MAX_EVENTS_PER_BATCH),
  /** The shopper's consent when the batch was sent; missing means strictly necessary only (nothing is stored). */
  consent: ConsentSchema.optional(),
});

export type AnalyticsEventInput = z.infer<typeof AnalyticsEventSchema>;

export type CatalogueCheck = { ok: true } | { ok: false; message: string };

/** Checks one event against the catalogue: a known name and properties matching its schema. */
export function checkCatalogue(event: { name: string; properties: unknown }): CatalogueCheck {
  const schema = (EVENT_SCHEMAS as Record<string, z.ZodType>)[event.name];
  if (!schema) return { ok: false, message: `"${event.name}" is not in the event catalogue` };
  const parsed = schema.safeParse(event.properties);
  if (parsed.success) return { ok: true };
  const issue = parsed.error.issues[0];
  return { ok: false, message: `${event.name}: ${issue?.path.join(".") || "properties"} ${issue?.message ?? "is invalid"}` };
}
