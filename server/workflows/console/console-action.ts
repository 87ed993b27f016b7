import { can, type Permission, type StaffRole } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import type { Tx } from "../../db/client";
import { writeAudit, type AuditEntryInput } from "../../modules/staff";
import { dbOf, type Shop } from "../../shop";

/** The member of staff doing something, as the console's session names them. */
export interface ConsoleActor {
  staffId: string;
  email: string;
  role: StaffRole;
  requestId?: string;
}

export interface ActionOutcome<T> {
  result: T;
  /** What the audit log records; the action name is the permission unless given. */
  audit: Omit<AuditEntryInput, "action"> & { action?: string };
}

/**
 * Every console change goes through here: the permission is checked (again: the HTTP layer checked it first), the
 * change and its audit entry are written in one transaction, so there is no change without its entry, and no entry
 * for a change that rolled back.
 */
export async function consoleAction<T>(
  shop: Shop,
  actor: ConsoleActor,
  permission: Permission,
  run: (tx: Tx, now: Date) => Promise<ActionOutcome<T>>,
): Promise<T> {
  if (!can(actor.role, permission)) throw new ShopError("FORBIDDEN");
  const now = shop.clock.now();
  return dbOf(shop).transaction(async (tx) => {
    const { result, audit } = await run(tx, now);
    await writeAudit(tx, { staffId: actor.staffId, email: actor.email, requestId: actor.requestId }, { action: permission, ...audit }, now);
    return result;
  });
}
