import { ShopError } from "../../../domain/errors";
import { revokeCustomerSession } from "../../modules/auth";
import { setFraudulentStatus } from "../../modules/customers";
import type { Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

export async function revokeSessionOfCustomer(shop: Shop, actor: ConsoleActor, input: { customerId: string; sessionId: string }): Promise<void> {
  await consoleAction(shop, actor, "customers.revoke-session", async (tx, now) => {
    const revoked = await revokeCustomerSession(tx, input.customerId, input.sessionId, now);
    if (!revoked) throw new ShopError("NOT_FOUND", "That session is not this customer's, or it has ended already.");
    return { result: undefined, audit: { targetType: "customer", targetId: input.customerId, before: { session: input.sessionId, live: true }, after: { session: input.sessionId, live: false } } };
  });
}

/** SPEC.md section 3: a status that mentions "fraud" blocks the customer; empty clears it. */
export async function editFraudStatus(shop: Shop, actor: ConsoleActor, input: { customerId: string; status: string | null }): Promise<void> {
  const status = input.status?.trim() ? input.status.trim() : null;
  await consoleAction(shop, actor, "customers.edit-fraud-status", async (tx) => {
    const change = await setFraudulentStatus(tx, input.customerId, status);
    if (!change) throw new ShopError("NOT_FOUND", "There is no such customer.");
    return { result: undefined, audit: { targetType: "customer", targetId: input.customerId, before: { fraudulentStatus: change.before }, after: { fraudulentStatus: change.after } } };
  });
}
