import { createHash, createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { CARD_FRAME_HTML, EXPRESS_FRAME_HTML, STRIPE_JS } from "./stripe-stand-in-browser";
import { luhnValid } from "../../domain/card-number";

/**
 * A local HTTP stand-in for the Stripe API endpoints the adapter uses, answering with Stripe's documented shapes
 * (objects with `id` and `object`, errors as 402 {error: {type: "card_error", code, decline_code, payment_intent}}),
 * honouring Idempotency-Key (the same key answers the same response), and able to send signed webhook events.
 * The official `stripe` package talks to it through its host/port/protocol settings. For the browser it also serves a
 * small Stripe.js (`/v3/stripe.js`, server/testing/stripe-stand-in-browser.ts) whose card frame posts the card to
 * `/v1/payment_methods` with the publishable key, as Stripe.js does.
 */
export type StandInCard = "succeed" | "generic_decline" | "insufficient_funds" | "stolen_card" | "expired_card" | "authentication_required";

/** Stripe's documented test card numbers the stand-in models; any other number that passes Luhn succeeds. */
export const STAND_IN_TEST_CARDS: Record<string, StandInCard> = {
  "4242424242424242": "succeed",
  "5555555555554444": "succeed",
  "4000000000000002": "generic_decline",
  "4000000000009995": "insufficient_funds",
  "4000000000009979": "stolen_card",
  "4000000000000069": "expired_card",
  "4000002500003155": "authentication_required",
  "4000002760003184": "authentication_required",
};


interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  payment_method: string | null;
  capture_method: "automatic" | "manual";
  status: string;
  last_payment_error: null | { type: string; code: string; decline_code?: string; message: string };
  latest_charge: string | null;
  client_secret: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
}

const DECLINES: Record<Exclude<StandInCard, "succeed" | "authentication_required">, { code: string; decline_code: string; message: string }> = {
  generic_decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  stolen_card: { code: "card_declined", decline_code: "stolen_card", message: "Your card was declined." },
  expired_card: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
};

const BROWSER_FILES: Record<string, { type: string; body: string }> = {
  "/v3/stripe.js": { type: "text/javascript; charset=utf-8", body: STRIPE_JS },
  "/v3/": { type: "text/javascript; charset=utf-8", body: STRIPE_JS },
  "/v3/elements-card.html": { type: "text/html; charset=utf-8", body: CARD_FRAME_HTML },
  "/v3/elements-express-checkout.html": { type: "text/html; charset=utf-8", body: EXPRESS_FRAME_HTML },
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startStripeStandIn(options: { port?: number } = {}) {
  const paymentMethods = new Map<string, { id: string; customer: string | null; behavior: StandInCard; last4: string; fingerprint: string; expMonth: number; expYear: number }>();
  const customers = new Set<string>();
  const intents = new Map<string, Intent>();
  const charges = new Map<string, { id: string; object: "charge"; amount: number; amount_refunded: number; payment_intent: string; currency: string }>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: { method: string; path: string; idempotencyKey: string | null }[] = [];

  function chargeFor(pi: Intent) {
    const charge = { id: newId("ch"), object: "charge" as const, amount: pi.amount, amount_refunded: 0, payment_intent: pi.id, currency: pi.currency };
    charges.set(charge.id, charge);
    pi.latest_charge = charge.id;
    pi.amount_received = pi.amount;
  }

  function createIntent(p: Record<string, string>): { status: number; body: unknown } {
    const pm = p.payment_method ? paymentMethods.get(p.payment_method) : undefined;
    if (p.payment_method && !pm) return { status: 400, body: { error: { type: "invalid_request_error", code: "resource_missing", param: "payment_method", message: `No such PaymentMethod: '${p.payment_method}'` } } };
    if (!p.amount || !/^\d+$/.test(p.amount) || !p.currency) return { status: 400, body: { error: { type: "invalid_request_error", code: "parameter_missing", message: "Missing required param: amount." } } };
    const pi: Intent = {
      id: newId("pi"),
      object: "payment_intent",
      amount: Number(p.amount),
      amount_received: 0,
      currency: p.currency,
      customer: p.customer ?? null,
      payment_method: p.payment_method ?? null,
      capture_method: p.capture_method === "manual" ? "manual" : "automatic",
      status: "requires_confirmation",
      last_payment_error: null,
      latest_charge: null,
      client_secret: "",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: {},
    };
    pi.client_secret = `${pi.id}_secret_${randomBytes(8).toString("hex")}`;
    intents.set(pi.id, pi);
    if (p.confirm !== "true" || !pm) return { status: 200, body: pi };
    const offSession = p.off_session === "true";
    if (pm.behavior === "authentication_required") {
      if (offSession) {
        pi.status = "requires_payment_method";
        pi.last_payment_error = { type: "card_error", code: "authentication_required", message: "Your card was declined. This transaction requires authentication." };
        return { status: 402, body: { error: { ...pi.last_payment_error, payment_intent: pi, payment_method: { id: pm.id } } } };
      }
      pi.status = "requires_action";
      return { status: 200, body: pi };
    }
    if (pm.behavior !== "succeed") {
      const d = DECLINES[pm.behavior];
      pi.status = "requires_payment_method";
      pi.last_payment_error = { type: "card_error", ...d };
      return { status: 402, body: { error: { type: "card_error", ...d, payment_intent: pi, payment_method: { id: pm.id } } } };
    }
    if (p.setup_future_usage === "off_session" && p.customer) pm.customer = p.customer;
    if (pi.capture_method === "manual") pi.status = "requires_capture";
    else {
      pi.status = "succeeded";
      chargeFor(pi);
    }
    return { status: 200, body: pi };
  }

  /** What Stripe.js posts from its card frame: the card becomes a PaymentMethod, or a 402 card_error for a bad number. */
  function createPaymentMethod(p: Record<string, string>): { status: number; body: unknown } {
    const number = (p["card[number]"] ?? "").replace(/\D/g, "");
    const expMonth = Number(p["card[exp_month]"]);
    const expYear = Number(p["card[exp_year]"]);
    const cardError = (code: string, param: string, message: string) => ({ status: 402, body: { error: { type: "card_error", code, param, message } } });
    if (p.type !== "card") return { status: 400, body: { error: { type: "invalid_request_error", code: "parameter_invalid_empty", param: "type", message: "Only card PaymentMethods are modelled." } } };
    if (!luhnValid(number)) return cardError("incorrect_number", "number", "Your card number is incorrect.");
    if (!(expMonth >= 1 && expMonth <= 12)) return cardError("invalid_expiry_month", "exp_month", "Your card's expiration month is invalid.");
    if (!(expYear >= 2000)) return cardError("invalid_expiry_year", "exp_year", "Your card's expiration year is invalid.");
    if (!/^\d{3,4}$/.test(p["card[cvc]"] ?? "")) return cardError("invalid_cvc", "cvc", "Your card's security code is invalid.");
    const id = newId("pm");
    paymentMethods.set(id, { id, customer: null, behavior: STAND_IN_TEST_CARDS[number] ?? "succeed", last4: number.slice(-4), fingerprint: createHash("sha256").update(`stand-in:${number}`).digest("hex").slice(0, 16), expMonth, expYear });
    return route("GET", `/v1/payment_methods/${id}`, {});
  }

  function withCharge(pi: Intent, expand: boolean) {
    return expand && pi.latest_charge ? { ...pi, latest_charge: charges.get(pi.latest_charge) } : pi;
  }

  function route(method: string, path: string, p: Record<string, string>): { status: number; body: unknown } {
    const missing = (what: string) => ({ status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` } } });
    let m: RegExpExecArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const id = newId("cus");
      customers.add(id);
      return { status: 200, body: { id, object: "customer", livemode: false, metadata: {} } };
    }
    if (method === "GET" && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const pm = paymentMethods.get(m[1]!);
      if (!pm) return missing(`payment_method: '${m[1]}'`);
      return { status: 200, body: { id: pm.id, object: "payment_method", type: "card", customer: pm.customer, card: { brand: "visa", last4: pm.last4, fingerprint: pm.fingerprint, exp_month: pm.expMonth, exp_year: pm.expYear }, livemode: false } };
    }
    if (method === "POST" && path === "/v1/payment_methods") return createPaymentMethod(p);
    if (method === "POST" && path === "/v1/payment_intents") return createIntent(p);
    if ((m = /^\/v1\/payment_intents\/([^/]+)(\/capture|\/cancel)?$/.exec(path))) {
      const pi = intents.get(m[1]!);
      if (!pi) return missing(`payment_intent: '${m[1]}'`);
      if (method === "GET") return { status: 200, body: withCharge(pi, Object.values(p).includes("latest_charge")) };
      if (m[2] === "/capture") {
        if (pi.status !== "requires_capture") return { status: 400, body: { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: `This PaymentIntent could not be captured because it has a status of ${pi.status}.` } } };
        pi.status = "succeeded";
        chargeFor(pi);
        return { status: 200, body: pi };
      }
      if (m[2] === "/cancel") {
        if (pi.status === "succeeded") return { status: 400, body: { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "You cannot cancel this PaymentIntent because it has a status of succeeded." } } };
        pi.status = "canceled";
        return { status: 200, body: pi };
      }
    }
    if (method === "POST" && path === "/v1/refunds") {
      const pi = intents.get(p.payment_intent ?? "");
      const charge = pi?.latest_charge ? charges.get(pi.latest_charge) : undefined;
      const amount = Number(p.amount ?? charge?.amount ?? 0);
      if (!pi || !charge) return missing(`payment_intent: '${p.payment_intent}'`);
      if (charge.amount_refunded + amount > charge.amount) return { status: 400, body: { error: { type: "invalid_request_error", code: "charge_already_refunded", message: "Refund amount is greater than unrefunded amount on charge." } } };
      charge.amount_refunded += amount;
      return { status: 200, body: { id: newId("re"), object: "refund", amount, charge: charge.id, payment_intent: pi.id, status: "succeeded", currency: pi.currency } };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const form = new URLSearchParams(req.method === "GET" ? url.search : Buffer.concat(chunks).toString("utf8"));
      const params = Object.fromEntries(form.entries());
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: key });
      const auth = req.headers.authorization ?? "";
      // Stripe.js's own files, for the browser; no key needed to load them.
      const file = req.method === "GET" ? BROWSER_FILES[url.pathname] : undefined;
      if (file) {
        res.writeHead(200, { "Content-Type": file.type, "Cache-Control": "no-store" });
        return res.end(file.body);
      }
      // The browser's calls carry the publishable key in the body (as Stripe.js's do), and may create only PaymentMethods.
      const publishable = req.method === "POST" && url.pathname === "/v1/payment_methods" && /^pk_test_/.test(params.key ?? "");
      let answer: { status: number; body: unknown };
      if (!/^Bearer sk_test_/.test(auth) && !publishable) answer = { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
      else if (req.method === "POST" && key && idempotent.has(key)) answer = idempotent.get(key)!;
      else {
        answer = route(req.method ?? "GET", url.pathname, params);
        if (req.method === "POST" && key) idempotent.set(key, JSON.parse(JSON.stringify(answer)));
      }
      res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": newId("req") });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    /** A card as Stripe.js would hand it to the shop: a PaymentMethod id. */
    paymentMethod(behavior: StandInCard = "succeed", last4 = "4242"): string {
      const id = newId("pm");
      paymentMethods.set(id, { id, customer: null, behavior, last4, fingerprint: `fp${last4}`, expMonth: 12, expYear: 2034 });
      return id;
    },
    setBehavior(paymentMethodId: string, behavior: StandInCard) {
      paymentMethods.get(paymentMethodId)!.behavior = behavior;
    },
    /** The customer completed the bank's authentication on-session (stripe.confirmCardPayment): the intent succeeds. */
    authenticate(intentId: string) {
      const pi = intents.get(intentId)!;
      pi.status = "succeeded";
      pi.last_payment_error = null;
      chargeFor(pi);
      return pi;
    },
    /** Posts a signed event (Stripe-Signature: t=...,v1=HMAC-SHA256(secret, "t.payload")) to a webhook URL. */
    async sendEvent(target: string, secret: string, type: string, object: unknown, eventId = newId("evt")) {
      const payload = JSON.stringify({ id: eventId, object: "event", type, api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), data: { object }, livemode: false });
      const t = Math.floor(Date.now() / 1000);
      const signature = createHmac("sha256", secret).update(`${t}.${payload}`).digest("hex");
      return { eventId, payload, signature: `t=${t},v1=${signature}`, response: await fetch(target, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": `t=${t},v1=${signature}` }, body: payload }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
