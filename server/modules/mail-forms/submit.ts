import { MAIL_FORM_SCHEMAS, type MailFormKind } from "../../../domain/mail-forms";
import { formSubmissions } from "../../db/schema";
import { enqueueEmail, sendQueuedEmailsSoon } from "../email";
import { enforceLimit } from "../rate-limit";
import { dbOf, type Shop } from "../../shop";
import { acknowledgementEmail, teamEmail } from "./emails/form-emails";

/**
 * Stores a form and queues two emails in the same transaction: the form to the team that answers it (reply-to the
 * sender) and a copy to the sender. Input is validated here too, so every caller (JSON API, page action) is held to
 * the same schema and limit. Throws VALIDATION_ERROR for bad input; RATE_LIMITED (with its wait) past the sender's
 * `mail-forms-per-address` limit, which counts forms that pass validation only, so a person correcting a field is
 * never the one who meets it. `clientKey` is the sender's address key (IPv6 by /64), kept with the form.
 */
export async function submitMailForm(shop: Shop, kind: MailFormKind, input: unknown, clientKey: string | null): Promise<{ id: string }> {
  const fields = MAIL_FORM_SCHEMAS[kind].parse(input);
  await enforceLimit(shop, "mail-forms-per-address", clientKey);
  const now = shop.clock.now();
  const id = await dbOf(shop).transaction(async (tx) => {
    const [row] = await tx.insert(formSubmissions).values({ kind, email: fields.email, fields, clientKey: clientKey ?? "unknown", createdAt: now }).returning({ id: formSubmissions.id });
    const submissionId = row!.id;
    await enqueueEmail(tx, { ...teamEmail(kind, fields), template: `form-${kind}-team`, idempotencyKey: `form:${submissionId}:team` }, { now });
    await enqueueEmail(tx, { ...acknowledgementEmail(kind, fields), template: `form-${kind}-ack`, idempotencyKey: `form:${submissionId}:ack` }, { now });
    return submissionId;
  });
  void sendQueuedEmailsSoon(shop);
  return { id };
}
