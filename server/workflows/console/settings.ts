import { ShopError } from "../../../domain/errors";
import type { FlagName } from "../../../domain/flags";
import { requeueFailed, sendQueuedEmailsSoon } from "../../modules/email";
import { forgetFlagCache, setFlagDefault, storedFlagDefaults } from "../../modules/settings";
import { createStaff, type StaffSetup } from "../../modules/staff";
import type { StaffRole } from "../../../domain/console-access";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

export async function requeueEmailAction(shop: Shop, actor: ConsoleActor, emailId: string): Promise<void> {
  await consoleAction(shop, actor, "emails.requeue", async (tx) => {
    const before = await requeueFailed(tx, emailId);
    if (!before) throw new ShopError("NOT_FOUND", "There is no failed email with that id.");
    return { result: undefined, audit: { targetType: "email", targetId: emailId, before: { status: before.status, lastError: before.lastError, to: before.to }, after: { status: "queued" } } };
  });
  await sendQueuedEmailsSoon(shop);
}

export async function setFlagAction(shop: Shop, actor: ConsoleActor, name: FlagName, enabled: boolean): Promise<void> {
  await consoleAction(shop, actor, "flags.edit", async (tx, now) => {
    const before = (await storedFlagDefaults(tx))[name];
    await setFlagDefault(tx, name, enabled, now);
    return { result: undefined, audit: { targetType: "flag", targetId: name, before: before === undefined ? null : { enabled: before }, after: { enabled } } };
  });
  forgetFlagCache(dbOf(shop));
}

/** An owner invites a colleague: the account and its one-time setup link (no password is ever set for them). */
export async function inviteStaff(shop: Shop, actor: ConsoleActor, input: { email: string; role: StaffRole }): Promise<StaffSetup> {
  return consoleAction(shop, actor, "staff.invite", async (tx) => {
    const setup = await createStaff(tx, shop, input);
    return { result: setup, audit: { targetType: "staff", targetId: setup.staff.email, before: null, after: { email: setup.staff.email, role: setup.staff.role } } };
  });
}
