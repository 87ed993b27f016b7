import { type Permission } from "../../../domain/console-access";
import { decodeTimeIdCursor, encodeTimeIdCursor, pageSize } from "../../../domain/keyset";
import { outboxPage, staffSubjectOf, type EmailStatus } from "../../modules/email";
import { dbOf, type Shop } from "../../shop";
import { openEmailAction, requeueEmailAction, resendEmailAction, type ConsoleActor } from "../../workflows/console";
import { paged } from "./service-paging";

/** The console's email outbox: the list, one email (secrets hidden, ADR 0055), requeue and resend. Part of consoleService. */
export function emailsService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    async emails(input: { status?: EmailStatus; before?: string; limit?: number }) {
      allow("emails.read");
      const limit = pageSize(input.limit);
      const cursor = decodeTimeIdCursor(input.before);
      const rows = await outboxPage(db, { status: input.status, before: cursor && { createdAt: cursor.at, id: cursor.id }, limit });
      const view = rows.map((m) => ({
        id: m.id,
        to: m.to,
        // Never the stored subject: a sign-in code's is the code (ADR 0055).
        subject: staffSubjectOf(m),
        template: m.template,
        status: m.status,
        attempts: m.attempts,
        lastError: m.lastError,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      }));
      return paged(view, limit, encodeTimeIdCursor);
    },

    async requeueEmail(id: string) {
      allow("emails.requeue");
      await requeueEmailAction(shop, actor, id);
    },

    /** One email as staff may see it (secrets hidden, ADR 0055); opening it is on the audit record. */
    async email(id: string) {
      allow("emails.read");
      const m = await openEmailAction(shop, actor, id);
      return { ...m, createdAt: m.createdAt.toISOString(), sentAt: m.sentAt?.toISOString() ?? null };
    },

    /** Sends an email again to its recipient without showing it: a fresh code or link for sign-in emails. */
    async resendEmail(id: string, requestKey?: string) {
      allow("emails.resend");
      return resendEmailAction(shop, actor, { emailId: id, requestKey });
    },
  };
}
