// The floor's order: the fewest statements that write the rows one of the shop's orders writes, in one transaction.
// Not a shop: no checks beyond what the SQL enforces, no captcha, no coupons, no crash recovery. It answers "what does
// this machine cost for the same rows?" so `npm run bench` can print the shop's figures as a ratio of it.
// Kept in step with the schema by server/db/floor-sql.test.ts, which runs placeFloorOrder on a migrated, seeded database.
import { randomBytes, randomUUID } from "node:crypto";

/** Thirteen statements, BEGIN and COMMIT included (the count of the floor). */
export const FLOOR_STATEMENTS = 13;

const CLAIM = `insert into checkout_attempts (idempotency_key, request_hash, fingerprint, claim, status, created_at, updated_at)
  values ($1, $2, $3, $4, 'pending', $5, $5) on conflict do nothing returning idempotency_key`;
const CUSTOMER = `insert into customers (email, first_name, last_name, created_at) values ($1, $2, $3, $4)
  on conflict (email) do update set email = excluded.email returning id`;
const PRICE = `select pr.sku, pl.name, pl.image, pl.billing_period_months, pp.amount
  from products pr join plans pl on pl.code = pr.plan_code
  join plan_prices pp on pp.plan_code = pl.code and pp.price_list = 'domestic' and pp.currency = 'USD'
  where pr.code = $1 and pr.active`;
const CHARGE = `insert into sandbox_charges (id, idempotency_key, token, amount, currency, status, created_at, updated_at)
  values ($1, $2, $3, $4, 'USD', 'captured', $5, $5)`;
const ORDER = `insert into orders (customer_id, email, status, currency, country, subtotal, discount_total, discounts, shipping_method,
  shipping_label, shipping_amount, total, shipping_address, idempotency_key, created_at)
  values ($1, $2, 'paid', 'USD', $3, $4, 0, '[]', 'standard', 'Standard shipping', 0, $4, $5, $6, $7) returning id, number`;
const LINE = `insert into order_lines (order_id, position, product_code, plan_code, sku, name, image, quantity, unit_price, list_total,
  discount, total, bonus) values ($1, 0, $2, $2, $3, $4, $5, $6, $7, $8, 0, $8, false)`;
const CARD = `insert into payment_methods (customer_id, gateway, token, brand, last4, exp_month, exp_year, is_default, created_at)
  values ($1, 'sandbox', $2, 'visa', '4242', 12, 2035, true, $3)
  on conflict (customer_id, token) do update set is_default = true returning id`;
const PAYMENT = `insert into payments (order_id, customer_id, gateway, gateway_charge_id, amount, currency, status, brand, last4, created_at, updated_at)
  values ($1, $2, 'sandbox', $3, $4, 'USD', 'captured', 'visa', '4242', $5, $5)`;
const SUBSCRIPTION = `insert into subscriptions (customer_id, order_id, product_code, plan_code, renewal_plan_code, quantity,
  billing_period_months, currency, price_list, country, status, payment_method_id, shipping_address, activated_at, next_billing_at, created_at)
  values ($1, $2, $3, $3, $3, $4, $5, 'USD', 'domestic', $6, 'active', $7, $8, $9, $10, $9)`;
const EMAIL = `insert into email_outbox (id, "to", subject, text, html, template, idempotency_key, status, attempts, created_at)
  values ($1, $2, $3, $4, $5, 'order-confirmation', $6, 'queued', 0, $7)`;
const COMPLETE = `update checkout_attempts set status = 'completed', order_id = $2, updated_at = $3 where idempotency_key = $1 and claim = $4`;

export class FloorError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/**
 * Places one order through `query(text, values)` on ONE connection (a pg client, or PGlite). Answers what the shop
 * answers to a shopper (id, number, total, lines), built from what was written.
 */
export async function placeFloorOrder(query, { idempotencyKey, email, address, productCode, quantity, token, now = new Date() }) {
  await query("begin");
  try {
    const claim = randomUUID();
    const claimed = await query(CLAIM, [idempotencyKey, idempotencyKey, email, claim, now]);
    if (claimed.rows.length === 0) throw new FloorError(409, "This Idempotency-Key was already used.");
    const customer = (await query(CUSTOMER, [email.toLowerCase(), address.firstName, address.lastName, now])).rows[0];
    const price = (await query(PRICE, [productCode])).rows[0];
    if (!price) throw new FloorError(400, `Unknown product ${productCode}.`);
    const total = price.amount * quantity;
    const chargeId = `ch_${randomBytes(12).toString("hex")}`;
    await query(CHARGE, [chargeId, `order:${idempotencyKey}:${claim}`, token, total, now]);
    const order = (await query(ORDER, [customer.id, email, address.country, total, JSON.stringify(address), idempotencyKey, now])).rows[0];
    await query(LINE, [order.id, productCode, price.sku, price.name, price.image, quantity, price.amount, total]);
    const card = (await query(CARD, [customer.id, token, now])).rows[0];
    await query(PAYMENT, [order.id, customer.id, chargeId, total, now]);
    const next = new Date(now);
    next.setUTCMonth(next.getUTCMonth() + price.billing_period_months);
    await query(SUBSCRIPTION, [customer.id, order.id, productCode, quantity, price.billing_period_months, address.country, card.id, JSON.stringify(address), now, next]);
    const number = `SD-${100000 + order.number}`;
    const body = `Thank you for your order, ${address.firstName}! Order ${number}: ${price.name} x ${quantity}, total ${(total / 100).toFixed(2)} USD.`;
    await query(EMAIL, [randomUUID(), email, `Your Seed order ${number}`, body, `<p>${body}</p>`, `order-confirmation:${order.id}`, now]);
    await query(COMPLETE, [idempotencyKey, order.id, now, claim]);
    await query("commit");
    return { id: order.id, number, email, status: "paid", currency: "USD", total, lines: [{ productCode, name: price.name, quantity, unitPrice: price.amount, total }] };
  } catch (error) {
    await query("rollback").catch(() => {});
    throw error;
  }
}
