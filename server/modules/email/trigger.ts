import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../../db/client";
import type { Shop } from "../../shop";

/** The pg-boss queue whose job sends the outbox (registered by server/jobs/send-email.ts). */
export const SEND_EMAIL = "send-email";

interface EmailWorker {
  boss: PgBoss;
  workerId: string;
}

/** The running send-email worker of this process, per database (tests open many shops in one process). */
const workers = new WeakMap<DatabaseHandle, EmailWorker>();
/** A pg-boss used only to send jobs, for processes that run no jobs themselves (JOBS=off). It needs no start(). */
const senders = new WeakMap<DatabaseHandle, PgBoss>();

/** Called by the job registration: lets sendQueuedEmailsSoon wake this process's worker at once. */
export function attachEmailWorker(database: DatabaseHandle, boss: PgBoss, workerId: string): () => void {
  const worker = { boss, workerId };
  workers.set(database, worker);
  return () => {
    if (workers.get(database) === worker) workers.delete(database);
  };
}

function senderFor(database: DatabaseHandle): PgBoss {
  let boss = senders.get(database);
  if (!boss) {
    boss = new PgBoss({ db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) }, schema: "pgboss" } as ConstructorParameters<typeof PgBoss>[0]);
    senders.set(database, boss);
  }
  return boss;
}

/**
 * Asks for the outbox to be sent now rather than at the next sweep (every minute). Call it AFTER the
 * transaction that queued the email commits; it never throws and need not be awaited. It is only a
 * shortcut: an email whose nudge is lost (the process stopped right after the commit) is still sent by the
 * next sweep. Without SMTP_URL there is nothing to send and it does nothing.
 */
export async function sendQueuedEmailsSoon(shop: Shop): Promise<void> {
  if (!shop.env.SMTP_URL) return;
  try {
    const worker = workers.get(shop.database);
    // The queue's "stately" policy keeps at most one waiting job, so a burst of orders makes one sweep.
    await (worker?.boss ?? senderFor(shop.database)).send(SEND_EMAIL, {});
    if (worker) worker.boss.notifyWorker(worker.workerId);
  } catch (error) {
    shop.log.warn({ err: error }, "could not ask for queued emails to be sent; the next sweep will send them");
  }
}
