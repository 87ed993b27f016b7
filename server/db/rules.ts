import type { DatabaseHandle } from "./client";

/**
 * Database rules a drizzle schema cannot say, applied after the migrations on every start (idempotent), so they
 * survive a regeneration of the migration files. The audit log and the member ledger are append-only. No role of the
 * application, and no bug in it, can rewrite or remove an entry: UPDATE, DELETE and TRUNCATE raise an error.
 */
export const AUDIT_LOG_APPEND_ONLY = `
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
DROP TRIGGER IF EXISTS audit_log_no_update_delete ON audit_log;
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log;
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
`;

/**
 * Processes that start together (two workers on one PostgreSQL) would replace the same function at once and one would
 * fail with "tuple concurrently updated": a transaction-scoped advisory lock takes them one after the other (the
 * statements of one simple query run in one transaction, so the lock holds to the end).
 */
const ONE_AT_A_TIME = "SELECT pg_advisory_xact_lock(727001);";

/** The member ledger (ADR 0037) is append-only the same way: a correction is a new entry, never an edit. */
export const MEMBER_LEDGER_APPEND_ONLY = `
CREATE OR REPLACE FUNCTION member_ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_ledger is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
DROP TRIGGER IF EXISTS member_ledger_no_update_delete ON member_ledger;
CREATE TRIGGER member_ledger_no_update_delete BEFORE UPDATE OR DELETE ON member_ledger FOR EACH ROW EXECUTE FUNCTION member_ledger_refuse_change();
DROP TRIGGER IF EXISTS member_ledger_no_truncate ON member_ledger;
CREATE TRIGGER member_ledger_no_truncate BEFORE TRUNCATE ON member_ledger FOR EACH STATEMENT EXECUTE FUNCTION member_ledger_refuse_change();
`;

export async function applyDatabaseRules(handle: DatabaseHandle): Promise<void> {
  await handle.executeSql(`${ONE_AT_A_TIME}\n${AUDIT_LOG_APPEND_ONLY}\n${MEMBER_LEDGER_APPEND_ONLY}`);
}
