import { and, eq, gt, sql } from "drizzle-orm";
import { ShopError } from "../../../domain/errors";
import { MAIL_FORM_SCHEMAS, type MailFormKind } from "../../../domain/mail-forms";
import { formSubmissions } from "../../db/schema";
import { enqueueEmail, sendQueuedEmailsSoon } from "../email";
import { dbOf, type Shop } from "../../shop";
import { acknowledgementEmail, teamEmail } from "./emails/form-emails";

/** A sender may send this many forms an hour; more is a bot or a loop, and the team's inbox is not a target. */
export const FORMS_PER_HOUR = 5;

/**
 * Stores a form and queues two emails in the same transaction: the form to the team that answers it (reply-to the
 * sender) and a copy to the sender. Input is validated here too, so every caller (JSON API, page action) is held to
 * the same schema. Throws VALIDATION_ERROR for bad input, RATE_LIMITED past the hourly limit.
 */
export async function submitMailForm(shop: Shop, kind: MailFormKind, input: unknown, clientKey: string): Promise<{ id: string }> {
  const fields = MAIL_FORM_SCHEMAS[kind].parse(input);
  const now = shop.clock.now();
  const id = await dbOf(shop).transaction(async (tx) => {
    const since = new Date(now.getTime() - 60 * 60 * 1000);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(formSubmissions)
      .where(and(eq(formSubmissions.clientKey, clientKey), gt(formSubmissions.createdAt, since)));
    if ((recent?.n ?? 0) >= FORMS_PER_HOUR) throw new ShopError("RATE_LIMITED");
    const [row] = await tx.insert(formSubmissions).values({ kind, email: fields.email, fields, clientKey, createdAt: now }).returning({ id: formSubmissions.id });
    const submissionId = row!.id;
    await enqueueEmail(tx, { ...teamEmail(kind, fields), template: `form-${kind}-team`, idempotencyKey: `form:${submissionId}:team` }, { now });
    await enqueueEmail(tx, { ...acknowledgementEmail(kind, fields), template: `form-${kind}-ack`, idempotencyKey: `form:${submissionId}:ack` }, { now });
    return submissionId;
  });
  void sendQueuedEmailsSoon(shop);
  return { id };
}
