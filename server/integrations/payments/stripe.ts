import Stripe from "stripe";
import type { Shop } from "../../shop";
import type { AuthorizeResult, CardDetails, ChargeResult, GatewayCharge, PaymentGateway } from "./gateway";
import { knownCard } from "./known-cards";

/**
 * The Stripe adapter behind the gateway interface (ADR 0019), with the official `stripe` package.
 * Checkout: a PaymentIntent with manual capture, confirmed with the PaymentMethod the browser made (Stripe.js), and
 * setup_future_usage=off_session so the card is saved on a Stripe Customer for renewals. Renewals: an off-session
 * PaymentIntent, captured at once. Every call that creates something carries our idempotency key.
 * Tokens are PaymentMethod ids (pm_...); charge ids are PaymentIntent ids (pi_...).
 */
export interface StripeSettings {
  secretKey: string;
  /** Only for tests: the local stand-in (http://127.0.0.1:PORT); production talks to api.stripe.com. */
  apiBase?: string;
}

const clients = new WeakMap<object, Stripe>();

export function stripeClient(settings: StripeSettings): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

function clientOf(shop: Shop): Stripe {
  let client = clients.get(shop.env);
  if (!client) {
    if (!shop.env.STRIPE_SECRET_KEY) throw new Error("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY");
    client = stripeClient({ secretKey: shop.env.STRIPE_SECRET_KEY, apiBase: shop.env.STRIPE_API_BASE });
    clients.set(shop.env, client);
  }
  return client;
}

type CardErrorLike = { type?: string; code?: string; decline_code?: string; message?: string; raw?: { payment_intent?: { id?: string } }; payment_intent?: { id?: string } };

function cardError(error: unknown): CardErrorLike | null {
  const e = error as CardErrorLike;
  return e && e.type === "StripeCardError" ? e : null;
}

const declineOf = (e: CardErrorLike) => e.decline_code ?? e.code ?? "card_declined";
const intentIdOf = (e: CardErrorLike) => e.payment_intent?.id ?? e.raw?.payment_intent?.id ?? null;

function resultOfIntent(pi: Stripe.PaymentIntent): ChargeResult {
  if (pi.status === "succeeded") return { status: "succeeded", chargeId: pi.id };
  if (pi.status === "requires_action") return { status: "requires_action", chargeId: pi.id };
  const err = pi.last_payment_error;
  // Off-session, a card that needs authentication fails with this code; the customer completes it on-session.
  if (pi.status === "requires_payment_method" && err?.code === "authentication_required") return { status: "requires_action", chargeId: pi.id };
  return { status: "declined", code: err?.decline_code ?? err?.code ?? "card_declined", message: err?.message ?? "Your card was declined.", chargeId: pi.id };
}

export function stripeGateway(shop: Shop): PaymentGateway {
  const stripe = () => clientOf(shop);

  async function customerOf(paymentMethodId: string): Promise<string | null> {
    const pm = await stripe().paymentMethods.retrieve(paymentMethodId);
    return typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
  }

  return {
    name: "stripe",

    async describe(token): Promise<CardDetails | null> {
      return knownCard(shop, token, async () => {
        try {
          const pm = await stripe().paymentMethods.retrieve(token);
          if (!pm.card) return null;
          return { brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, fingerprint: pm.card.fingerprint ?? null };
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        }
      });
    },

    async authorize({ token, amount, currency, idempotencyKey }): Promise<AuthorizeResult> {
      const customer =
        (await customerOf(token)) ?? (await stripe().customers.create({ metadata: { shop_key: idempotencyKey } }, { idempotencyKey: `customer:${idempotencyKey}` })).id;
      try {
        const pi = await stripe().paymentIntents.create(
          {
            amount,
            currency: currency.toLowerCase(),
            customer,
            payment_method: token,
            capture_method: "manual",
            confirm: true,
            setup_future_usage: "off_session",
            automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          },
          { idempotencyKey },
        );
        if (pi.status === "requires_capture") return { status: "authorized", chargeId: pi.id };
        if (pi.status === "requires_action") {
          // 3-D Secure at checkout is not wired (ADR 0019): release the intent and let the shopper use another card.
          await stripe().paymentIntents.cancel(pi.id, {}, { idempotencyKey: `cancel:${pi.id}` });
          return { status: "declined", code: "authentication_required", message: "The card needs 3-D Secure authentication, which checkout does not take." };
        }
        return { status: "declined", code: pi.last_payment_error?.decline_code ?? "card_declined", message: pi.last_payment_error?.message ?? "Your card was declined." };
      } catch (error) {
        const e = cardError(error);
        if (!e) throw error;
        return { status: "declined", code: declineOf(e), message: e.message ?? "Your card was declined." };
      }
    },

    async capture(chargeId) {
      const pi = await stripe().paymentIntents.retrieve(chargeId);
      if (pi.status === "succeeded") return;
      await stripe().paymentIntents.capture(chargeId, {}, { idempotencyKey: `capture:${chargeId}` });
    },

    async void(chargeId) {
      const pi = await stripe().paymentIntents.retrieve(chargeId);
      if (pi.status === "canceled") return;
      await stripe().paymentIntents.cancel(chargeId, {}, { idempotencyKey: `cancel:${chargeId}` });
    },

    async chargeSaved({ token, amount, currency, idempotencyKey }): Promise<ChargeResult> {
      const customer = await customerOf(token);
      try {
        const pi = await stripe().paymentIntents.create(
          { amount, currency: currency.toLowerCase(), customer: customer ?? undefined, payment_method: token, off_session: true, confirm: true },
          { idempotencyKey },
        );
        return resultOfIntent(pi);
      } catch (error) {
        const e = cardError(error);
        if (!e) throw error;
        const chargeId = intentIdOf(e);
        if (e.code === "authentication_required" && chargeId) return { status: "requires_action", chargeId };
        return { status: "declined", code: declineOf(e), message: e.message ?? "Your card was declined.", chargeId };
      }
    },

    async chargeStatus(chargeId) {
      return resultOfIntent(await stripe().paymentIntents.retrieve(chargeId));
    },

    async refund({ chargeId, amount, idempotencyKey }) {
      const refund = await stripe().refunds.create({ payment_intent: chargeId, amount }, { idempotencyKey });
      return { refundId: refund.id };
    },

    async retrieveCharge(chargeId): Promise<GatewayCharge | null> {
      let pi: Stripe.PaymentIntent;
      try {
        pi = await stripe().paymentIntents.retrieve(chargeId, { expand: ["latest_charge"] });
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      }
      const charge = typeof pi.latest_charge === "object" ? pi.latest_charge : null;
      const status: GatewayCharge["status"] =
        pi.status === "succeeded" ? "captured" : pi.status === "requires_capture" ? "authorized" : pi.status === "canceled" ? "voided" : pi.status === "requires_action" ? "requires_action" : "declined";
      return { chargeId: pi.id, status, amount: pi.amount_received, amountRefunded: charge?.amount_refunded ?? 0, currency: pi.currency.toUpperCase() };
    },
  };
}

/** Checks a webhook's signature (Stripe-Signature header) against STRIPE_WEBHOOK_SECRET; throws when it does not match. */
export function verifyStripeEvent(shop: Shop, payload: string, signature: string): Stripe.Event {
  if (!shop.env.STRIPE_WEBHOOK_SECRET) throw new Error("STRIPE_WEBHOOK_SECRET is not set");
  return clientOf(shop).webhooks.constructEvent(payload, signature, shop.env.STRIPE_WEBHOOK_SECRET);
}
