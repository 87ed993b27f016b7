import { randomUUID } from "node:crypto";
import { can } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import { requestPasswordEmail, sendLoginCode, sendMagicLink, type Client } from "../../modules/auth";
import { emailById, queueCopyOf, sendQueuedEmailsSoon, staffViewOf, type EmailParts, type OutboxEmail } from "../../modules/email";
import { enforceLimit } from "../../modules/rate-limit";
import { publicOrigin } from "../../public-origin";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * The console's emails beyond the list (ADR 0055): opening one, which shows its staff view (secrets hidden) and is on
 * the audit record, and sending one again, which staff can do without ever seeing what it carries.
 */
const notFound = () => new ShopError("NOT_FOUND", "There is no such email.");

/** What the audit log records of an email: who it went to and what kind, never its subject or bodies. */
const auditFacts = (email: OutboxEmail) => ({ to: email.to, template: email.template, status: email.status });

/** An email as staff see it: the facts of the row and its staff view; the stored parts never leave this file. */
export interface StaffEmail extends EmailParts {
  id: string;
  to: string;
  status: OutboxEmail["status"];
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The email's staff view, with an audit entry (who opened which email, when) written in the same transaction. */
export async function openEmailAction(shop: Shop, actor: ConsoleActor, emailId: string): Promise<StaffEmail> {
  return consoleAction(shop, actor, "emails.read", async (tx) => {
    const email = await emailById(tx, emailId);
    if (!email) throw notFound();
    const { id, to, status, attempts, lastError, createdAt, sentAt } = email;
    return {
      result: { id, to, status, attempts, lastError, createdAt, sentAt, ...staffViewOf(email) },
      audit: { action: "emails.open", targetType: "email", targetId: email.id, before: null, after: auditFacts(email) },
    };
  });
}

/**
 * Sign-in emails are sent again as new ones: a fresh code or link issued by the auth module (which also retires the
 * old one and applies the customer's own mail throttle), not a copy of a secret that may be spent or overheard.
 */
const REISSUE: Record<string, (shop: Shop, to: string, client: Client) => Promise<unknown>> = {
  "account-magic_link": (shop, to, client) => sendMagicLink(shop, { email: to }, client),
  "account-login_code": (shop, to, client) => sendLoginCode(shop, { email: to }, client),
  "account-reset_password": (shop, to, client) => requestPasswordEmail(shop, { email: to }, client),
  "account-set_password": (shop, to, client) => requestPasswordEmail(shop, { email: to }, client),
};

export interface ResendOutcome {
  /** The new outbox row (a copy), or null when the auth module issued a fresh email instead. */
  emailId: string | null;
  fresh: boolean;
}

/**
 * Sends an email again to its recipient through the outbox: a fresh one for sign-in emails (REISSUE), otherwise a copy
 * as a new row. Throttled per recipient and per member of staff; audited without the content.
 */
export async function resendEmailAction(shop: Shop, actor: ConsoleActor, input: { emailId: string; requestKey?: string }): Promise<ResendOutcome> {
  // consoleAction checks again; checking first keeps a refused role from spending the limits below.
  if (!can(actor.role, "emails.resend")) throw new ShopError("FORBIDDEN");
  const email = await emailById(dbOf(shop), input.emailId);
  if (!email) throw notFound();
  await enforceLimit(shop, "console-resend-per-staff", actor.staffId);
  await enforceLimit(shop, "console-resend-per-recipient", email.to.toLowerCase());
  const reissue = REISSUE[email.template];
  return reissue ? resendFresh(shop, actor, email, reissue) : resendCopy(shop, actor, email, input.requestKey ?? randomUUID());
}

async function resendFresh(shop: Shop, actor: ConsoleActor, email: OutboxEmail, reissue: (typeof REISSUE)[string]): Promise<ResendOutcome> {
  // The console's own address key: the auth module's per-address mail limit then counts this member of staff.
  const client: Client = { ip: `console:${actor.staffId}`, userAgent: null, origin: publicOrigin(shop.env) };
  try {
    await reissue(shop, email.to, client);
  } catch (error) {
    if (error instanceof ShopError && error.code === "EMAIL_NOT_RECOGNIZED") throw new ShopError("NOT_FOUND", "No customer has this address any more.");
    throw error;
  }
  // The auth module queues in its own transaction: the entry follows the email it records.
  await consoleAction(shop, actor, "emails.resend", async () => ({
    result: undefined,
    audit: { targetType: "email", targetId: email.id, before: null, after: { ...auditFacts(email), fresh: true } },
  }));
  return { emailId: null, fresh: true };
}

async function resendCopy(shop: Shop, actor: ConsoleActor, email: OutboxEmail, requestKey: string): Promise<ResendOutcome> {
  const emailId = await consoleAction(shop, actor, "emails.resend", async (tx, now) => {
    const id = await queueCopyOf(tx, email, requestKey, now);
    return { result: id, audit: { targetType: "email", targetId: email.id, before: null, after: { ...auditFacts(email), copy: id } } };
  });
  await sendQueuedEmailsSoon(shop);
  return { emailId, fresh: false };
}
