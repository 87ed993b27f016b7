import type { Shop } from "../../shop";

/** pg-boss's schema (server/jobs/queue.ts starts it there). */
export const JOB_SCHEMA = "pgboss";
/** A running job is taken for dead this long after its worker last said it was alive (ADR 0051). */
export const JOB_LEASE_SECONDS = 20;

/**
 * Moves a running job's `started_on` so that pg-boss's deadline (`started_on + expire_in`, checked by its maintenance
 * against the database's now()) is JOB_LEASE_SECONDS away. The queue's `expire_in` stays the longest a job may run.
 * The database's now() is pg-boss's own clock here, not a business time (the clock rule allows this file).
 */
export async function renewJobLease(shop: Shop, name: string, id: string): Promise<void> {
  await shop.database.executeSql(
    `UPDATE ${JOB_SCHEMA}.job SET started_on = now() + make_interval(secs => $3) - expire_in WHERE name = $1 AND id = $2 AND state = 'active'`,
    [name, id, JOB_LEASE_SECONDS],
  );
}
