import { isValidEmail } from "../../domain/validation";
import { ShopError } from "../../domain/errors";
import { setupUrl } from "../http/console/service";
import { createStaff, resetStaffSetup, writeAudit, type StaffSetup } from "../modules/staff";
import { dbOf, type Shop } from "../shop";
import { publicOrigin } from "../public-origin";

/**
 * `npm run console:owner -- email`: makes (or, for an existing account, re-issues) an owner's one-time setup link.
 * There is no default password: the owner chooses one and enrols an authenticator through the link. The command
 * itself is on the audit record, under the account it made.
 */
export async function consoleOwnerCommand(shop: Shop, email: string): Promise<{ setup: StaffSetup; link: string; created: boolean }> {
  if (!isValidEmail(email)) throw new ShopError("VALIDATION_ERROR", `"${email}" is not an email address.`);
  const now = shop.clock.now();
  const result = await dbOf(shop).transaction(async (tx) => {
    try {
      const setup = await createStaff(tx, shop, { email, role: "owner" });
      await writeAudit(tx, { staffId: setup.staff.id, email: "npm run console:owner" }, { action: "staff.create-owner", targetType: "staff", targetId: setup.staff.email, before: null, after: { role: "owner" } }, now);
      return { setup, created: true };
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      return null;
    }
  });
  if (result) return { ...result, link: setupUrl(baseUrlOf(shop), result.setup.setupToken) };
  // The account exists: a fresh link replaces its password and authenticator (the way back in for a locked-out owner).
  const setup = await resetStaffSetup(shop, email);
  if (!setup) throw new ShopError("NOT_FOUND");
  await writeAudit(dbOf(shop), { staffId: setup.staff.id, email: "npm run console:owner" }, { action: "staff.reset-setup", targetType: "staff", targetId: setup.staff.email, before: null, after: { role: setup.staff.role } }, now);
  return { setup, link: setupUrl(baseUrlOf(shop), setup.setupToken), created: false };
}

const baseUrlOf = (shop: Shop) => publicOrigin(shop.env);
