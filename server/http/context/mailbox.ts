import type { Context } from "hono";
import { findEmail, listOutbox, type OutboxEmail, type OutboxEmailSummary } from "../../modules/email";
import type { AppEnv } from "../types";

export interface MailboxContext {
  /** The email outbox for the development mailbox (/dev/mailbox); null in production. */
  mailbox: { list(): Promise<OutboxEmailSummary[]>; find(id: string): Promise<OutboxEmail | null> } | null;
}

export function mailboxContext(c: Context<AppEnv>): MailboxContext {
  const shop = c.get("shop");
  if (shop.env.NODE_ENV === "production") return { mailbox: null };
  return { mailbox: { list: () => listOutbox(shop), find: (id) => findEmail(shop, id) } };
}
