import type { Address } from "../../domain/address";
import { addressOf } from "../modules/customers";
import { lastOrderAddressOf } from "../modules/orders";
import { dbOf, type Shop } from "../shop";

/** What the settings form starts from, and where it came from, so the page can say so (issue 34, point 7). */
export type SettingsAddress =
  | { source: "saved"; address: Address }
  | { source: "last_order"; address: Address; orderNumber: string; orderedAt: string }
  | { source: "none"; address: null };

/**
 * The member's saved address; before one is saved, the address of their newest order (a member who checked out
 * should not meet an empty form). Nothing is saved until the member presses Save.
 */
export async function settingsAddressOf(shop: Shop, customerId: string): Promise<SettingsAddress> {
  const db = dbOf(shop);
  const saved = await addressOf(db, customerId);
  if (saved) return { source: "saved", address: saved };
  const last = await lastOrderAddressOf(db, customerId);
  if (!last) return { source: "none", address: null };
  const { phone: _phone, ...address } = last.address as Address;
  return { source: "last_order", address, orderNumber: last.orderNumber, orderedAt: last.orderedAt.toISOString() };
}
