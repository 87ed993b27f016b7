/**
 * Staff of the operator console: accounts (separate from customers), password + TOTP sign-in, short revocable
 * sessions, sign-in throttling, and the append-only audit log. docs/decisions/0023-staff-access.md.
 */
export { completeSetup, createStaff, findPendingSetup, listStaff, resetStaffSetup, type PendingSetup, type StaffMember, type StaffSetup } from "./accounts";
export { listAudit, writeAudit, type AuditActor, type AuditEntry, type AuditEntryInput } from "./audit";
export { hashPassword, verifyPassword } from "./passwords";
export { readStaffSession, revokeStaffSession, signInStaff, STAFF_SESSION_COOKIE, type SignInInput, type StaffSession } from "./sessions";
export { CONSOLE_SIGN_IN_RULES, signInThrottleOf, type SignInThrottle } from "./throttle";
export { openSecret, sealSecret, verifyTotp } from "./totp";
