import type { Permission } from "../../../domain/console-access";
import { deletionRequestsOf, pendingDeletionRequests } from "../../modules/customers";
import { dbOf, type Shop } from "../../shop";
import { eraseCustomerAction, exportCustomerDataAction, recordDeletionRequestAction, type ConsoleActor } from "../../workflows/console";

/** The customer's rights of access and erasure, as support exercises them for the customer (ADR 0042). Part of consoleService. */
export function privacyService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    /** The JSON document the member downloads from their account page, for this customer. */
    async exportCustomerData(customerId: string) {
      allow("customers.export-data");
      return exportCustomerDataAction(shop, actor, customerId);
    },

    async deletionRequests(customerId: string) {
      allow("customers.read");
      return (await deletionRequestsOf(db, customerId)).map((r) => ({
        id: r.id,
        status: r.status,
        note: r.note,
        requestedBy: r.requestedBy,
        requestedAt: r.requestedAt.toISOString(),
        processedBy: r.processedBy,
        processedAt: r.processedAt?.toISOString() ?? null,
      }));
    },

    /** Deletion requests waiting to be processed, oldest first (the queue on the Customers page). */
    async deletionQueue() {
      allow("customers.read");
      return (await pendingDeletionRequests(db, 200)).map((r) => ({ ...r, requestedAt: r.requestedAt.toISOString() }));
    },

    async recordDeletionRequest(customerId: string, note: string) {
      allow("customers.erase");
      return recordDeletionRequestAction(shop, actor, { customerId, note: note.trim() });
    },

    async eraseCustomer(customerId: string, note: string, confirmation?: string) {
      allow("customers.erase");
      return eraseCustomerAction(shop, actor, { customerId, note: note.trim(), confirmation });
    },
  };
}
