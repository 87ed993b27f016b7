import type { Context } from "hono";
import { findEmail, listOutbox, type OutboxEmail, type OutboxEmailSummary } from "../../modules/email";
import { isLoopbackClient } from "../middleware/client-ip";
import type { AppEnv } from "../types";

export interface MailboxContext {
  /** The email outbox for the development mailbox (/dev/mailbox); null in production and for clients on other machines. */
  mailbox: { list(): Promise<OutboxEmailSummary[]>; find(id: string): Promise<OutboxEmail | null> } | null;
}

export function mailboxContext(c: Context<AppEnv>): MailboxContext {
  const shop = c.get("shop");
  // Every email (soon sign-in links too): only for someone at this machine, never in production.
  if (shop.env.NODE_ENV === "production" || !isLoopbackClient(c)) return { mailbox: null };
  return { mailbox: { list: () => listOutbox(shop), find: (id) => findEmail(shop, id) } };
}
