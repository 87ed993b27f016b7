/**
 * The email module: an outbox written inside the caller's transaction, sent after commit by the workers' email
 * sender (through the SMTP transport in server/integrations/email/ when SMTP_URL is set), readable at /dev/mailbox
 * outside production, and in the console only as its staff view (staff-view.ts: codes and sign-in links hidden,
 * ADR 0055). It only queues and sends: each area renders its own emails (orders/emails/...).
 */
export {
  enqueueEmail,
  enqueueEmails,
  findEmail,
  findEmailByKey,
  listOutbox,
  queuedEmailPart,
  requeueEmail,
  type NewEmail,
  type OutboxEmail,
  type OutboxEmailSummary,
} from "./outbox";
export { emailById, emailsWithKeyPrefix, outboxPage, queueCopyOf, requeueFailed } from "./console";
export { isPlainTemplate, staffSubjectOf, staffViewOf, type EmailParts } from "./staff-view";
export { EMAIL_STATUSES, type EmailStatus } from "./outbox";
export { sendDueEmails } from "./send";
export { attachEmailSender, SEND_EMAIL, sendQueuedEmailsSoon } from "./trigger";
export { EMAIL_QUEUED_CHANNEL, startEmailSender, type EmailSender } from "./sender";
export * from "./of-recipient";
