import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { STAFF_PASSWORD_MIN, STAFF_SETUP_TTL_MS, type StaffRole } from "../../../domain/console-access";
import { ShopError } from "../../../domain/errors";
import type { Queryable } from "../../db/client";
import { staffMembers } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";
import { hashPassword } from "./passwords";
import { newTotpSecret, openSecret, sealSecret, totpUri, verifyTotp } from "./totp";

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
}

export const normaliseStaffEmail = (email: string) => email.trim().toLowerCase();
export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const columns = { id: staffMembers.id, email: staffMembers.email, role: staffMembers.role };

export interface StaffSetup {
  staff: StaffMember;
  /** The one-time token of the setup link; only its hash is stored. */
  setupToken: string;
  expiresAt: Date;
}

/**
 * Creates a staff account with no password: the person chooses one and enrols the authenticator through the
 * one-time setup link. There is never a default password. Joins the caller's transaction (the audit entry of an
 * invitation commits with it).
 */
export async function createStaff(db: Queryable, shop: Shop, input: { email: string; role: StaffRole }): Promise<StaffSetup> {
  const now = shop.clock.now();
  const setupToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_TTL_MS);
  const [row] = await db
    .insert(staffMembers)
    .values({
      email: normaliseStaffEmail(input.email),
      role: input.role,
      totpSecret: sealSecret(newTotpSecret(), shop.env.SESSION_SECRET),
      setupTokenHash: sha256(setupToken),
      setupExpiresAt: expiresAt,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning(columns);
  if (!row) throw new ShopError("VALIDATION_ERROR", "There is already a staff account with that email.");
  return { staff: row as StaffMember, setupToken, expiresAt };
}

/** A new setup link for an existing account (lost authenticator, forgotten password); the old password stops working. */
export async function resetStaffSetup(shop: Shop, email: string): Promise<StaffSetup | null> {
  const now = shop.clock.now();
  const setupToken = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + STAFF_SETUP_TTL_MS);
  const [row] = await dbOf(shop)
    .update(staffMembers)
    .set({
      passwordHash: null,
      totpSecret: sealSecret(newTotpSecret(), shop.env.SESSION_SECRET),
      totpLastStep: null,
      setupTokenHash: sha256(setupToken),
      setupExpiresAt: expiresAt,
    })
    .where(eq(staffMembers.email, normaliseStaffEmail(email)))
    .returning(columns);
  return row ? { staff: row as StaffMember, setupToken, expiresAt } : null;
}

export interface PendingSetup {
  staff: StaffMember;
  /** Shown once on the setup page, to type or scan into an authenticator app. */
  totpSecret: string;
  totpUri: string;
}

export async function findPendingSetup(shop: Shop, token: string): Promise<PendingSetup | null> {
  if (!token || token.length > 200) return null;
  const [row] = await dbOf(shop)
    .select({ ...columns, totpSecret: staffMembers.totpSecret })
    .from(staffMembers)
    .where(
      and(eq(staffMembers.setupTokenHash, sha256(token)), gt(staffMembers.setupExpiresAt, shop.clock.now()), isNull(staffMembers.disabledAt)),
    );
  if (!row) return null;
  const secret = openSecret(row.totpSecret, shop.env.SESSION_SECRET);
  return { staff: { id: row.id, email: row.email, role: row.role as StaffRole }, totpSecret: secret, totpUri: totpUri(row.email, secret) };
}

/** Finishes a setup link: the chosen password and a first code from the authenticator (proving it is enrolled). */
export async function completeSetup(shop: Shop, input: { token: string; password: string; code: string }): Promise<StaffMember> {
  const pending = await findPendingSetup(shop, input.token);
  if (!pending) throw new ShopError("NOT_FOUND", "This setup link has expired or was already used.");
  if (input.password.length < STAFF_PASSWORD_MIN) {
    throw new ShopError("VALIDATION_ERROR", `Choose a password of at least ${STAFF_PASSWORD_MIN} characters.`);
  }
  const now = shop.clock.now();
  const step = await verifyTotp(pending.totpSecret, input.code, now);
  if (step === null) throw new ShopError("VALIDATION_ERROR", "That code is not the one your authenticator shows. Try the next one.");
  const [row] = await dbOf(shop)
    .update(staffMembers)
    .set({ passwordHash: await hashPassword(input.password), totpLastStep: step, setupTokenHash: null, setupExpiresAt: null })
    .where(and(eq(staffMembers.id, pending.staff.id), eq(staffMembers.setupTokenHash, sha256(input.token))))
    .returning(columns);
  if (!row) throw new ShopError("NOT_FOUND", "This setup link has expired or was already used.");
  return row as StaffMember;
}

export async function listStaff(shop: Shop): Promise<(StaffMember & { active: boolean; createdAt: Date })[]> {
  const rows = await dbOf(shop)
    .select({ ...columns, passwordHash: staffMembers.passwordHash, disabledAt: staffMembers.disabledAt, createdAt: staffMembers.createdAt })
    .from(staffMembers)
    .orderBy(asc(staffMembers.createdAt));
  return rows.map((r) => ({ id: r.id, email: r.email, role: r.role as StaffRole, createdAt: r.createdAt, active: !!r.passwordHash && !r.disabledAt }));
}
