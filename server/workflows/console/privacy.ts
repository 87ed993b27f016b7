import { DELETION_WORD, typedMatches } from "../../../domain/confirmations";
import { ShopError } from "../../../domain/errors";
import { findCustomerRow, recordDeletionRequest } from "../../modules/customers";
import { dbOf, type Shop } from "../../shop";
import { eraseCustomer, exportAccountData } from "../account-data";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * A customer's data export for support to hand over (the right of access, ADR 0042): the very document the member
 * downloads from their own account page (exportAccountData), so the two cannot drift apart. Reading it is on the
 * audit record, as every export of personal data is.
 */
export async function exportCustomerDataAction(shop: Shop, actor: ConsoleActor, customerId: string) {
  if (!(await findCustomerRow(dbOf(shop), customerId))) throw new ShopError("NOT_FOUND", "There is no such customer.");
  const document = await exportAccountData(shop, customerId);
  await consoleAction(shop, actor, "customers.export-data", async () => ({
    result: undefined,
    audit: { targetType: "customer", targetId: customerId, before: null, after: { exported: true, orders: document.orders.length, sessions: document.sessions.length } },
  }));
  return document;
}

/** Support records that the customer asked to be erased (by email, phone, letter); it waits for processing. */
export async function recordDeletionRequestAction(shop: Shop, actor: ConsoleActor, input: { customerId: string; note: string }) {
  return consoleAction(shop, actor, "customers.erase", async (tx, now) => {
    if (!(await findCustomerRow(tx, input.customerId))) throw new ShopError("NOT_FOUND", "There is no such customer.");
    const { request, created } = await recordDeletionRequest(tx, { customerId: input.customerId, note: input.note, requestedBy: actor.email, now });
    return {
      result: { id: request.id, created },
      audit: { targetType: "customer", targetId: input.customerId, before: null, after: { deletionRequest: request.id, status: "pending", note: input.note, alreadyPending: !created } },
    };
  });
}

/**
 * Processes the deletion: the customer is anonymised by the same eraseCustomer the member's own deletion uses; orders
 * and payments stay for the accounting record. Refused with 409 while a subscription is active (cancel it first).
 * Without a recorded request, one is recorded and processed in the same transaction, so every erasure has its request.
 */
export async function eraseCustomerAction(shop: Shop, actor: ConsoleActor, input: { customerId: string; note: string; confirmation?: string }) {
  return consoleAction(shop, actor, "customers.erase", async (tx, now) => {
    const row = await findCustomerRow(tx, input.customerId);
    if (!row) throw new ShopError("NOT_FOUND", "There is no such customer.");
    if (row.email.endsWith("@deleted.invalid")) throw new ShopError("ALREADY_ERASED");
    // Erasure cannot be undone: whoever asks for it types the word (issue 36, ADR 0075), whatever sent the request.
    if (!typedMatches(DELETION_WORD, input.confirmation)) throw new ShopError("CONFIRMATION_REQUIRED", `Erasing a customer cannot be undone. Type ${DELETION_WORD} to confirm.`);
    await recordDeletionRequest(tx, { customerId: input.customerId, note: input.note, requestedBy: actor.email, now });
    let erased;
    try {
      erased = await eraseCustomer(tx, input.customerId, { by: actor.email, now });
    } catch (error) {
      if (error instanceof ShopError && error.code === "HAS_SUBSCRIPTIONS") {
        throw new ShopError("HAS_SUBSCRIPTIONS", "This customer has an active subscription. Cancel it first (Subscriptions), then process the deletion.");
      }
      throw error;
    }
    return {
      result: { erased: true as const },
      // The entry names no personal data: it would outlive the erasure in a log nobody can edit.
      audit: { targetType: "customer", targetId: input.customerId, before: { anonymised: false }, after: { anonymised: true, newsletterErased: erased.newsletter, deletionRequest: erased.requestId } },
    };
  });
}
