import { withoutTrailingSlashes } from "../../../domain/routes";
import { emailMatchHash } from "../../../domain/ad-hashes";
import { eq } from "drizzle-orm";
import { NEWSLETTER_PATHS, type NewsletterStatus } from "../../../domain/newsletter";
import { MESSAGES, normaliseEmail } from "../../../domain/validation";
import type { Queryable } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import { signLink, verifyLink, type LinkCheck } from "../../lib/signed-links";
import { enqueueEmail, sendQueuedEmailsSoon } from "../email";
import { dbOf, type Shop } from "../../shop";
import { confirmationEmail, welcomeEmail } from "./emails/newsletter-emails";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A confirmation link works this long. */
export const CONFIRM_LINK_DAYS = 7;
/** Unsubscribe links must keep working long after the email was sent (two years; a new email carries a new one). */
export const UNSUBSCRIBE_LINK_DAYS = 730;
/** A second sign-up of a pending address within this time sends no second email (someone pressing the button twice, or a bot). */
export const CONFIRMATION_RESEND_MS = 10 * 60 * 1000;

type Subscriber = typeof newsletterSubscribers.$inferSelect;

const base = withoutTrailingSlashes;

function link(shop: Shop, origin: string, purpose: "newsletter-confirm" | "newsletter-unsubscribe", subscriber: Pick<Subscriber, "id" | "email">, days: number): string {
  const token = signLink(shop.env.SESSION_SECRET, {
    purpose,
    subject: subscriber.id,
    scope: subscriber.email,
    expiresAt: new Date(shop.clock.now().getTime() + days * DAY_MS),
  });
  const path = purpose === "newsletter-confirm" ? NEWSLETTER_PATHS.confirm : NEWSLETTER_PATHS.unsubscribe;
  return `${base(origin)}${path}?token=${encodeURIComponent(token)}`;
}

/** The one-click unsubscribe link of an address: every newsletter-type email carries it (body and List-Unsubscribe). */
export function unsubscribeUrl(shop: Shop, origin: string, subscriber: Pick<Subscriber, "id" | "email">): string {
  return link(shop, origin, "newsletter-unsubscribe", subscriber, UNSUBSCRIBE_LINK_DAYS);
}

/**
 * A sign-up (already validated): the address is stored as pending and a confirmation email with a signed link is
 * queued. Nothing is subscribed until that link is opened (double opt-in). The answer is the same whatever the
 * address's state, so the form cannot be used to learn who is subscribed; a subscribed address gets no email.
 */
export async function subscribe(shop: Shop, email: string, sourcePath: string | null, options: { origin: string }): Promise<{ hashedEmail: string }> {
  const normalised = normaliseEmail(email);
  // The advertising-match hash of SPEC.md section 5, computed as the browser computes it (domain/ad-hashes.ts).
  const hashedEmail = await emailMatchHash(normalised);
  const now = shop.clock.now();
  const queued = await dbOf(shop).transaction(async (tx) => {
    await tx
      .insert(newsletterSubscribers)
      .values({ email: normalised, hashedEmail, sourcePath, consentText: MESSAGES.newsletterConsent, status: "pending", createdAt: now })
      .onConflictDoNothing({ target: newsletterSubscribers.email });
    const [row] = await tx.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, normalised)).for("update");
    if (!row || row.status === "subscribed") return false;
    const recentlySent = row.status === "pending" && row.confirmationSentAt && now.getTime() - row.confirmationSentAt.getTime() < CONFIRMATION_RESEND_MS;
    if (recentlySent) return false;
    await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", confirmationSentAt: now, sourcePath: row.sourcePath ?? sourcePath, consentText: MESSAGES.newsletterConsent })
      .where(eq(newsletterSubscribers.id, row.id));
    const rendered = confirmationEmail(link(shop, options.origin, "newsletter-confirm", row, CONFIRM_LINK_DAYS));
    await enqueueEmail(tx, { to: row.email, ...rendered, template: "newsletter-confirm", idempotencyKey: `newsletter-confirm:${row.id}:${now.getTime()}:${row.status}` }, { now });
    return true;
  });
  if (queued) void sendQueuedEmailsSoon(shop);
  return { hashedEmail };
}

export type LinkOutcome =
  | { ok: true; email: string; status: NewsletterStatus }
  | { ok: false; reason: "invalid" | "expired" | "unsubscribed" };

async function subscriberOfLink(shop: Shop, check: LinkCheck): Promise<Subscriber | { reason: "invalid" | "expired" }> {
  if (!check.ok) return { reason: check.reason === "expired" ? "expired" : "invalid" };
  if (!/^[0-9a-f-]{36}$/i.test(check.link.subject)) return { reason: "invalid" };
  const [row] = await dbOf(shop).select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, check.link.subject));
  // The scope is the address the link was made for: a row whose address differs is not this link's.
  if (!row || row.email !== check.link.scope) return { reason: "invalid" };
  return row;
}

/** What a link would do, without doing it (the page a link opens shows this, and only its button acts). */
export async function readNewsletterLink(shop: Shop, token: string, purpose: "newsletter-confirm" | "newsletter-unsubscribe"): Promise<LinkOutcome> {
  const row = await subscriberOfLink(shop, verifyLink(shop.env.SESSION_SECRET, token, purpose, shop.clock.now()));
  if ("reason" in row) return { ok: false, reason: row.reason };
  if (purpose === "newsletter-confirm" && row.status === "unsubscribed") return { ok: false, reason: "unsubscribed" };
  return { ok: true, email: row.email, status: row.status as NewsletterStatus };
}

/**
 * Opens a confirmation link: a pending address becomes subscribed and gets the welcome email (the first
 * newsletter-type email, with its unsubscribe link). Confirming twice is fine. A link for an address that has since
 * unsubscribed does nothing: an old email must not undo an unsubscribe.
 */
export async function confirmSubscription(shop: Shop, token: string, options: { origin: string }): Promise<LinkOutcome> {
  const now = shop.clock.now();
  const row = await subscriberOfLink(shop, verifyLink(shop.env.SESSION_SECRET, token, "newsletter-confirm", now));
  if ("reason" in row) return { ok: false, reason: row.reason };
  if (row.status === "unsubscribed") return { ok: false, reason: "unsubscribed" };
  if (row.status === "subscribed") return { ok: true, email: row.email, status: "subscribed" };
  const confirmed = await dbOf(shop).transaction(async (tx) => {
    const changed = await tx
      .update(newsletterSubscribers)
      .set({ status: "subscribed", confirmedAt: now })
      .where(eq(newsletterSubscribers.id, row.id))
      .returning({ status: newsletterSubscribers.status });
    if (changed.length === 0) return false;
    const rendered = welcomeEmail(base(options.origin), unsubscribeUrl(shop, options.origin, row));
    await enqueueEmail(tx, { to: row.email, ...rendered, template: "newsletter-welcome", idempotencyKey: `newsletter-welcome:${row.id}:${now.getTime()}` }, { now });
    return true;
  });
  if (confirmed) void sendQueuedEmailsSoon(shop);
  return { ok: true, email: row.email, status: "subscribed" };
}

/** One-click unsubscribe (the email's link, or a mail client's List-Unsubscribe-Post). Idempotent. */
export async function unsubscribe(shop: Shop, token: string): Promise<LinkOutcome> {
  const now = shop.clock.now();
  const row = await subscriberOfLink(shop, verifyLink(shop.env.SESSION_SECRET, token, "newsletter-unsubscribe", now));
  if ("reason" in row) return { ok: false, reason: row.reason };
  if (row.status !== "unsubscribed") {
    await dbOf(shop).update(newsletterSubscribers).set({ status: "unsubscribed", unsubscribedAt: now }).where(eq(newsletterSubscribers.id, row.id));
  }
  return { ok: true, email: row.email, status: "unsubscribed" };
}

/** An address's state, or null (tests and the console). */
export async function newsletterStatusOf(shop: Shop, email: string): Promise<NewsletterStatus | null> {
  const [row] = await dbOf(shop).select({ status: newsletterSubscribers.status }).from(newsletterSubscribers).where(eq(newsletterSubscribers.email, normaliseEmail(email)));
  return (row?.status as NewsletterStatus | undefined) ?? null;
}

/**
 * The right to erasure (ADR 0042): the address's row goes, with its consent record. Nothing is sent to it again; a
 * later sign-up starts from scratch. Answers whether there was a row.
 */
export async function eraseSubscriber(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, normaliseEmail(email))).returning({ id: newsletterSubscribers.id });
  return rows.length > 0;
}
