import { formatMoney, localeFor, type Cents, type Currency } from "../../../../domain/money";
import { escapeHtml as e } from "../../../lib/email-html";
import type { Queryable } from "../../../db/client";
import { enqueueEmail, type NewEmail } from "../../email";

/**
 * The renewals area's emails: the reminder 3 days before a shipment, the receipt of a renewal, a declined payment,
 * a payment waiting for the customer's authentication, a cancellation for non-payment and a price-change notice.
 * Every email is queued in the caller's transaction under a key that makes it once.
 */
export const RENEWAL_TEMPLATES = {
  reminder: "renewal-reminder",
  receipt: "renewal-receipt",
  declined: "renewal-declined",
  actionNeeded: "renewal-action-needed",
  canceled: "renewal-canceled",
  priceNotice: "renewal-price-notice",
} as const;

export interface EmailLink {
  label: string;
  url: string;
}

interface Rendered {
  subject: string;
  paragraphs: string[];
  links: EmailLink[];
}

const money = (amount: number, currency: string, country: string) => formatMoney({ amount: amount as Cents, currency: currency as Currency }, localeFor(country));
const day = (d: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(d);

function html(r: Rendered): string {
  const paragraphs = r.paragraphs.map((p) => `<p style="margin:0 0 14px;line-height:1.5">${e(p)}</p>`).join("");
  const links = r.links
    .map((l) => `<p style="margin:0 0 10px"><a href="${e(l.url)}" style="color:#1f3b2d;font-weight:600">${e(l.label)}</a></p>`)
    .join("");
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f4f1ea;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1f2a24"><div style="max-width:560px;margin:0 auto;padding:24px;background:#fff"><h1 style="font-size:20px;margin:0 0 16px">${e(r.subject)}</h1>${paragraphs}${links}</div></body></html>`;
}

const text = (r: Rendered) => [...r.paragraphs, "", ...r.links.map((l) => `${l.label}: ${l.url}`)].join("\n");

const email = (to: string, template: string, key: string, r: Rendered): NewEmail => ({ to, subject: r.subject, text: text(r), html: html(r), template, idempotencyKey: `${template}:${key}` });

async function queue(db: Queryable, to: string, template: string, key: string, r: Rendered, now: Date): Promise<void> {
  await enqueueEmail(db, email(to, template, key, r), { now });
}

export interface ShipmentFacts {
  to: string;
  productName: string;
  quantity: number;
  amount: number;
  currency: string;
  country: string;
  chargeAt: Date;
}

/**
 * The reminder. A member who asked to confirm each charge (`confirmChargeUrl`, the portal's signed link) gets the
 * confirm button first and is told that without it the shipment is skipped, not charged and not cancelled.
 */
export function queueReminderEmail(
  db: Queryable,
  f: ShipmentFacts & { key: string; skipUrl: string; manageUrl: string; cancelUrl: string; confirmChargeUrl?: string | null },
  now: Date,
) {
  const confirm = f.confirmChargeUrl
    ? [
        `You asked us to check with you before each charge: press "Yes, charge and ship it" before ${day(f.chargeAt)} and we go ahead. If we do not hear from you, we skip this shipment, charge nothing and keep your subscription.`,
      ]
    : ["Nothing to do if that suits you. Need a break, or a change? One click below, then one confirmation."];
  return queue(db, f.to, RENEWAL_TEMPLATES.reminder, f.key, {
    subject: f.confirmChargeUrl ? `Please confirm your next shipment: ${f.productName}, ${day(f.chargeAt)}` : `Your next shipment: ${f.productName}, ${day(f.chargeAt)}`,
    paragraphs: [`On ${day(f.chargeAt)} we will charge ${money(f.amount, f.currency, f.country)} to your saved card and ship ${f.quantity} × ${f.productName}.`, ...confirm],
    links: [
      ...(f.confirmChargeUrl ? [{ label: "Yes, charge and ship it", url: f.confirmChargeUrl }] : []),
      { label: "Skip this shipment", url: f.skipUrl },
      { label: "Manage my subscription", url: f.manageUrl },
      { label: "Cancel my subscription", url: f.cancelUrl },
    ],
  }, now);
}

type ReceiptFacts = ShipmentFacts & { key: string; orderNumber: string; nextBillingAt: Date; addOns?: { name: string; quantity: number }[] };

/** The receipt of a paid renewal, as an email row (the engine queues a batch's receipts in one statement). */
export function receiptEmail(f: ReceiptFacts): NewEmail {
  const extras = f.addOns?.length ? [`Also in this shipment, as you asked: ${f.addOns.map((a) => `${a.quantity} × ${a.name}`).join(", ")}.`] : [];
  return email(f.to, RENEWAL_TEMPLATES.receipt, f.key, {
    subject: `Your renewal ${f.orderNumber} is on its way`,
    paragraphs: [
      `We charged ${money(f.amount, f.currency, f.country)} for ${f.quantity} × ${f.productName} on ${day(f.chargeAt)}.`,
      ...extras,
      `Your next billing date is ${day(f.nextBillingAt)}.`,
    ],
    links: [],
  });
}

export function queueReceiptEmail(db: Queryable, f: ReceiptFacts, now: Date) {
  return enqueueEmail(db, receiptEmail(f), { now });
}

export function queueDeclinedEmail(db: Queryable, f: ShipmentFacts & { key: string; reason: string; retryAt: Date | null; updateCardUrl: string }, now: Date) {
  const next = f.retryAt ? `We will try again on ${day(f.retryAt)}.` : "We cannot try this card again; please add another card to keep your subscription.";
  return queue(db, f.to, RENEWAL_TEMPLATES.declined, f.key, {
    subject: `We could not charge your card for ${f.productName}`,
    paragraphs: [`Your renewal of ${money(f.amount, f.currency, f.country)} was declined: ${f.reason}`, next, "Updating your card tries the payment again at once."],
    links: [{ label: "Update my card", url: f.updateCardUrl }],
  }, now);
}

export function queueActionNeededEmail(db: Queryable, f: ShipmentFacts & { key: string; confirmUrl: string; deadline: Date }, now: Date) {
  return queue(db, f.to, RENEWAL_TEMPLATES.actionNeeded, f.key, {
    subject: `Please confirm your payment for ${f.productName}`,
    paragraphs: [
      `Your bank asks you to confirm the renewal payment of ${money(f.amount, f.currency, f.country)}.`,
      `Please confirm it by ${day(f.deadline)} to keep your subscription.`,
    ],
    links: [{ label: "Confirm my payment", url: f.confirmUrl }],
  }, now);
}

export function queueCanceledEmail(db: Queryable, f: { to: string; key: string; productName: string; reactivateUrl: string }, now: Date) {
  return queue(db, f.to, RENEWAL_TEMPLATES.canceled, f.key, {
    subject: "Your subscription has been canceled.",
    paragraphs: [`We could not collect the payment for ${f.productName}, so your subscription has been canceled and nothing more will be charged.`, "You can restart it any time with a new card."],
    links: [{ label: "Restart my subscription", url: f.reactivateUrl }],
  }, now);
}

export function queuePriceNoticeEmail(db: Queryable, f: ShipmentFacts & { key: string; oldAmount: number; firstChargeAt: Date; manageUrl: string }, now: Date) {
  return queue(db, f.to, RENEWAL_TEMPLATES.priceNotice, f.key, {
    subject: `A new price for ${f.productName}`,
    paragraphs: [
      `The price of ${f.productName} changes from ${money(f.oldAmount, f.currency, f.country)} to ${money(f.amount, f.currency, f.country)}.`,
      `Your charges keep the old price until ${day(f.firstChargeAt)}, the first renewal at least 7 days from today.`,
    ],
    links: [{ label: "Manage my subscription", url: f.manageUrl }],
  }, now);
}
