import type { Address } from "../../../../domain/address";
import { formatMoney, localeFor, type Cents } from "../../../../domain/money";
import type { OrderSummary } from "../../../../domain/orders";
import { CREDIT_LABEL } from "../../../../domain/order-credit";
import { cardBrandName } from "../../../../domain/payments";
import { billingLabel, type BillingPeriodMonths } from "../../../../domain/plans";
import { HOW_TO_CANCEL, renewalFrequency, type RenewalTerm } from "../../../../domain/renewal-terms";
import { escapeHtml as e, safeUrl } from "../../../lib/email-html";
import type { Queryable } from "../../../db/client";
import type { StatementPart } from "../../../db/one-statement";
import { enqueueEmail, queuedEmailPart, type NewEmail } from "../../email";

export const ORDER_CONFIRMATION = "order-confirmation";

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** The outbox key of an order's confirmation: one email per order, however often the workflow retries. */
export const orderConfirmationKey = (orderId: string) => `${ORDER_CONFIRMATION}:${orderId}`;

const COLORS = { page: "#f4f1ea", card: "#ffffff", ink: "#1f2a24", muted: "#4d5a52", brand: "#1f3b2d", rule: "#e3ded3", note: "#fff6dc" };
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";

// Intl formatters are costly to make and safe to share: made once per locale, not once per email.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
let regionNames: Intl.DisplayNames | null = null;

function formatters(order: OrderSummary) {
  const moneyLocale = localeFor(order.shippingAddress.country);
  // Words are English, so dates are too (British order for English-speaking countries outside the US).
  const dateLocale = moneyLocale.startsWith("en-") ? moneyLocale : "en-US";
  let dates = dateFormats.get(dateLocale);
  if (!dates) dateFormats.set(dateLocale, (dates = new Intl.DateTimeFormat(dateLocale, { dateStyle: "long", timeZone: "UTC" })));
  return {
    money: (amount: number) => formatMoney({ amount: amount as Cents, currency: order.currency }, moneyLocale),
    date: (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : dates.format(d);
    },
  };
}

function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function addressLines(a: Address): string[] {
  return [
    `${a.firstName} ${a.lastName}`.trim(),
    a.address1,
    a.address2 ?? "",
    [a.city, a.region, a.postalCode].filter(Boolean).join(", "),
    countryName(a.country),
  ].filter((line) => line.trim() !== "");
}


/** The name people know a plan by: the name of its line in this order, if one has it. */
function lineNameOf(order: OrderSummary, planCode: string): string | null {
  return order.lines.find((l) => l.planCode === planCode && !l.bonus)?.name ?? order.lines.find((l) => l.planCode === planCode)?.name ?? null;
}

interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

function totalRows(order: OrderSummary, money: (n: number) => string): TotalRow[] {
  return [
    { label: "Subtotal", value: money(order.subtotal) },
    ...order.discounts.map((d) => ({ label: `Discount (${d.code})`, value: `−${money(d.amount)}` })),
    // Discounts on the lines that the list above does not name (none today) still show in the sum.
    ...(order.discounts.length === 0 && order.discountTotal > 0 ? [{ label: "Discount", value: `−${money(order.discountTotal)}` }] : []),
    { label: `Shipping: ${order.shipping.label}`, value: order.shipping.amount === 0 ? "Free" : money(order.shipping.amount) },
    ...(order.creditApplied > 0 ? [{ label: CREDIT_LABEL, value: `−${money(order.creditApplied)}` }] : []),
    { label: "Total", value: money(order.total), strong: true },
  ];
}

/**
 * What the confirmation repeats of the checkout's disclosure (issue 34; the acknowledgement California's automatic
 * renewal law asks for): each subscription's renewal terms, and a signed link that cancels it online without a password
 * (the same flow as the reminder's cancel link), guest or member alike.
 */
export interface ConfirmationExtras {
  renewals?: readonly RenewalTerm[];
  cancelUrl?: (subscriptionId: string) => string;
  /**
   * The guest's ways back without a password (ADR 0063): the order's page (which also offers to create the account),
   * its invoice and each subscription's page, all signed links. `secrets` are their tokens, declared to the outbox so
   * queuing fails if the staff view would show one (ADR 0055).
   */
  links?: { orderUrl: string; invoiceUrl: string; manageUrl: (subscriptionId: string) => string; secrets: readonly string[]; offerAccount?: boolean };
  /** Each line's product photo (ADR 0069); without it, or for a product without one, the line has no picture. */
  images?: (productCode: string) => EmailLineImage | null;
}

/** A line's photo in an email: an absolute URL the mail client can fetch, and the size it is drawn at. */
export interface EmailLineImage {
  src: string;
  width: number;
  height: number;
}

const ACCOUNT_ANCHOR = "#account";

/** "Renews automatically as DS-01® Refill at $134.97 every 3 months, first on 22 February 2027, until you cancel." */
function renewalSentence(term: RenewalTerm, firstOn: string, money: (n: number) => string): string {
  const shipping = term.shipping > 0 ? ` (shipping of ${money(term.shipping)} included)` : "";
  const kept = term.couponKept ? ` Your code ${term.couponKept} keeps taking its discount off each renewal.` : "";
  const name = term.quantity > 1 ? `${term.quantity} × ${term.renewalName}` : term.renewalName;
  return `Renews automatically as ${name} at ${money(term.price)} ${renewalFrequency(term.periodMonths)}${shipping}, first on ${firstOn}, until you cancel.${kept}`;
}

/** The email a shopper gets when an order is paid: subject, plain text and an HTML part (tables, inline styles). */
export function renderOrderConfirmation(order: OrderSummary, extras: ConfirmationExtras = {}): RenderedEmail {
  const { money, date } = formatters(order);
  const subject = `Your Seed order ${order.number}`;
  const firstName = order.shippingAddress.firstName.trim();
  const greeting = firstName ? `Thank you for your order, ${firstName}!` : "Thank you for your order!";
  const totals = totalRows(order, money);
  const subscriptions = order.subscriptions.map((s) => ({
    name: lineNameOf(order, s.planCode) ?? s.planCode,
    billing: billingLabel(s.billingPeriodMonths as BillingPeriodMonths),
    next: date(s.nextBillingAt),
    // Plan codes mean nothing to people: name the renewal only when a line of this order names it.
    renewsAs: s.renewsInto && s.renewsInto !== s.planCode ? lineNameOf(order, s.renewsInto) : null,
    terms: ((term) => (term ? renewalSentence(term, date(s.nextBillingAt), money) : null))(extras.renewals?.find((t) => t.planCode === s.planCode)),
    cancelUrl: extras.cancelUrl?.(s.id) ?? null,
    manageUrl: extras.links?.manageUrl(s.id) ?? null,
  }));
  const links = extras.links ?? null;
  const address = addressLines(order.shippingAddress);
  const payment = `${cardBrandName(order.payment.brand)} ending in ${order.payment.last4}`;

  const text = [
    greeting,
    "",
    `Order ${order.number}, placed ${date(order.createdAt)}.`,
    ...(links ? [`View your order: ${links.orderUrl}`, `Invoice: ${links.invoiceUrl}`] : []),
    ...(order.preorderMessage ? ["", order.preorderMessage] : []),
    "",
    "YOUR ORDER",
    ...order.lines.map((l) => `- ${l.name} x ${l.quantity}: ${l.bonus ? "Free" : money(l.listTotal)}`),
    "",
    ...totals.map((t) => `${t.label}: ${t.value}`),
    ...(subscriptions.length > 0
      ? [
          "",
          "YOUR SUBSCRIPTION",
          ...subscriptions.flatMap((s) => [
            s.terms ? `- ${s.name}: ${s.terms}` : `- ${s.name}: ${s.billing}. Next billing date: ${s.next}.${s.renewsAs ? ` Renews as ${s.renewsAs}.` : ""}`,
            ...(s.manageUrl ? [`  Manage it (skip a shipment, cancel), no password needed: ${s.manageUrl}`] : []),
            ...(s.cancelUrl ? [`  Cancel online, no password needed: ${s.cancelUrl}`] : []),
          ]),
          HOW_TO_CANCEL,
        ]
      : []),
    "",
    "SHIPPING TO",
    ...address,
    "",
    "PAYMENT",
    payment,
    ...(links?.offerAccount ? ["", "YOUR ACCOUNT", `Create your account with one press (or sign in if you have one) to see every order in one place: ${links.orderUrl}${ACCOUNT_ANCHOR}`] : []),
    "",
    "Questions? Reply to this email and our care team will help.",
    "Seed",
    "",
  ].join("\n");

  const p = (content: string, style = "") =>
    `<p style="margin:0 0 12px;font-family:${FONT};font-size:16px;line-height:24px;color:${COLORS.ink};${style}">${content}</p>`;
  const h2 = (content: string) =>
    `<h2 style="margin:28px 0 12px;font-family:${FONT};font-size:18px;line-height:24px;color:${COLORS.brand};">${content}</h2>`;
  const cell = (content: string, style = "") =>
    `<td style="padding:10px 0;border-bottom:1px solid ${COLORS.rule};font-family:${FONT};font-size:15px;line-height:22px;color:${COLORS.ink};vertical-align:top;${style}">${content}</td>`;

  const button = (href: string, label: string) =>
    `<a href="${e(href)}" style="display:inline-block;padding:10px 18px;border-radius:6px;background:${COLORS.brand};color:#ffffff;font-weight:600;text-decoration:none;">${e(label)}</a>`;

  const lineRows = order.lines
    .map((l) => {
      const photo = extras.images?.(l.productCode) ?? null;
      const image = safeUrl(photo?.src ?? l.image);
      // Beside the line's name the picture is decorative (alt=""), so a screen reader does not read the name twice.
      const picture = image
        ? `<img src="${e(image)}" width="${photo?.width ?? 56}" height="${photo?.height ?? 56}" alt="" style="display:block;border:0;border-radius:4px;width:${photo?.width ?? 56}px;height:${photo?.height ?? 56}px;">`
        : "";
      return `<tr>${cell(picture, "width:64px;")}${cell(`<strong>${e(l.name)}</strong>${l.bonus ? `<br><span style="color:${COLORS.muted};font-size:14px;">Free gift</span>` : ""}`)}${cell(
        `× ${e(l.quantity)}`,
        "text-align:center;white-space:nowrap;width:48px;",
      )}${cell(l.bonus ? "Free" : e(money(l.listTotal)), "text-align:right;white-space:nowrap;width:96px;")}</tr>`;
    })
    .join("");

  const totalRowsHtml = totals
    .map((t) => {
      const weight = t.strong ? "font-weight:700;font-size:17px;" : "";
      const rule = t.strong ? `border-top:2px solid ${COLORS.brand};` : "";
      const td = (content: string, style: string) =>
        `<td style="padding:6px 0;${rule}font-family:${FONT};font-size:15px;line-height:22px;color:${COLORS.ink};${weight}${style}">${content}</td>`;
      return `<tr>${td(e(t.label), "")}${td(e(t.value), "text-align:right;white-space:nowrap;")}</tr>`;
    })
    .join("");

  const subscriptionHtml =
    subscriptions.length > 0
      ? h2("Your subscription") +
        subscriptions
          .map((s) =>
            p(
              `<strong>${e(s.name)}</strong><br>${
                s.terms ? e(s.terms) : `${e(s.billing)}. Next billing date: <strong>${e(s.next)}</strong>.${s.renewsAs ? `<br>Renews as ${e(s.renewsAs)}.` : ""}`
              }${s.manageUrl ? `<br><a href="${e(s.manageUrl)}" style="color:${COLORS.brand};font-weight:600;">Manage this subscription</a>` : ""}${
                s.cancelUrl ? `<br><a href="${e(s.cancelUrl)}" style="color:${COLORS.brand};font-weight:600;">Cancel this subscription online</a>` : ""
              }`,
            ),
          )
          .join("") +
        p(e(HOW_TO_CANCEL), `color:${COLORS.muted};font-size:14px;`)
      : "";

  const preorderHtml = order.preorderMessage
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;"><tr><td style="padding:12px 16px;background:${COLORS.note};border-radius:6px;font-family:${FONT};font-size:15px;line-height:22px;color:${COLORS.ink};">${e(order.preorderMessage)}</td></tr></table>`
    : "";

  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${e(`Order ${order.number}: ${money(order.total)}. Here is your receipt.`)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:${COLORS.card};border-radius:8px;">
<tr><td style="padding:24px 32px;background:${COLORS.brand};border-radius:8px 8px 0 0;font-family:${FONT};font-size:24px;font-weight:700;letter-spacing:1px;color:#ffffff;">Seed</td></tr>
<tr><td style="padding:32px;">
<h1 style="margin:0 0 12px;font-family:${FONT};font-size:24px;line-height:32px;color:${COLORS.ink};">${e(greeting)}</h1>
${p(`Order <strong>${e(order.number)}</strong>, placed ${e(date(order.createdAt))}.`)}
${links ? p(`${button(links.orderUrl, "View your order")} &nbsp;<a href="${e(links.invoiceUrl)}" style="color:${COLORS.brand};font-weight:600;">Invoice</a>`) : ""}
${preorderHtml}
${h2("Your order")}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">${lineRows}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin-top:12px;">${totalRowsHtml}</table>
${subscriptionHtml}
${h2("Shipping to")}
${p(address.map(e).join("<br>"))}
${h2("Payment")}
${p(e(payment))}
${links?.offerAccount ? h2("Your account") + p("Create your account with one press, or sign in if you have one, to see every order and subscription in one place.") + p(button(`${links.orderUrl}${ACCOUNT_ANCHOR}`, "Create your account")) : ""}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid ${COLORS.rule};font-family:${FONT};font-size:14px;line-height:20px;color:${COLORS.muted};">Questions? Reply to this email and our care team will help.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text, html };
}

/**
 * Queues the order confirmation in the caller's transaction, once per order (key "order-confirmation:<id>").
 * Answers the outbox id, or null when this order's confirmation was queued before.
 * After the commit: sendQueuedEmailsSoon(shop) from the email module.
 */
export async function enqueueOrderConfirmation(db: Queryable, order: OrderSummary, options: { now: Date }, extras: ConfirmationExtras = {}): Promise<string | null> {
  return enqueueEmail(db, orderConfirmationEmail(order, extras), options);
}

/** The order confirmation queued as a part of the order's one statement (ADR 0046), once per order. */
export function orderConfirmationPart(db: Queryable, order: OrderSummary, options: { now: Date }, extras: ConfirmationExtras = {}): StatementPart {
  return queuedEmailPart(db, "order_confirmation", orderConfirmationEmail(order, extras), options);
}

function orderConfirmationEmail(order: OrderSummary, extras: ConfirmationExtras): NewEmail {
  const { subject, text, html } = renderOrderConfirmation(order, extras);
  return { to: order.email, subject, text, html, template: ORDER_CONFIRMATION, idempotencyKey: orderConfirmationKey(order.id), secrets: extras.links?.secrets ?? [] };
}
