import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openShop } from "../../boot";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { parseEnv } from "../../env";
import { fixedClock } from "../../lib/clock";
import { createLogger } from "../../lib/logger";
import { dbOf, type Shop } from "../../shop";
import { reconcileLedger } from "../../workflows/reconcile-ledger";
import { seedSubscriptions } from "../subscriptions";

/**
 * The renewal crash test (ADR 0010) and the renewal benchmark share this harness: N subscriptions due at once,
 * W worker processes draining them, and a killer that SIGKILLs a random worker K times at random moments and restarts
 * it. Afterwards it checks, from the database alone: every subscription renewed for the period exactly once (one paid
 * renewal, one order, one captured gateway charge), none missed, and the ledger equal to the gateway.
 */
export interface CrashRun {
  driver: "postgres" | "pglite";
  /** PostgreSQL: the database to use (created and dropped by the caller). */
  url?: string;
  subscriptions: number;
  workers: number;
  kills: number;
  /** Milliseconds between kills: random in [min, max]. */
  killEveryMs?: [number, number];
  concurrency?: number;
  /**
   * Pace of each worker and its batch size (default: as fast as it can, batches of 50). A small test paces itself so
   * the run outlasts its kills: at full speed 400 renewals are done before the second kill.
   */
  ratePerSecond?: number;
  batch?: number;
  /** How long the workers may take after the last kill before the run is cut off and checked as it stands. */
  deadlineMinutes?: number;
  log?: (line: string) => void;
}

export interface CrashReport {
  subscriptions: number;
  kills: number;
  restarts: number;
  /** From spawning the workers to the last one's exit (includes process starts, migrations check, lease waits). */
  seconds: number;
  renewalsPerSecond: number;
  /** From the first renewal opened to the last one written (shop time runs at 60× real time): the drain rate. */
  drainSeconds: number;
  drainPerSecond: number;
  paidRenewals: number;
  renewalOrders: number;
  capturedCharges: number;
  chargesPerPeriod: { max: number; min: number };
  advanced: number;
  ledgerMismatches: number;
  doubleCharged: number;
  missed: number;
}

const T0 = Date.UTC(2027, 0, 1, 0, 0, 0);
const ROOT = resolve(import.meta.dirname, "../../..");
const WORKER = join(import.meta.dirname, "worker.ts");
const wallNow = () => performance.timeOrigin + performance.now();

function env(run: CrashRun, dataDir: string | null): Record<string, string> {
  const base: Record<string, string> = { NODE_ENV: "test", LOG_LEVEL: "silent", JOBS: "off" };
  return run.driver === "postgres" ? { ...base, DATABASE_URL: run.url! } : { ...base, DATA_DIR: dataDir! };
}

async function open(run: CrashRun, dataDir: string | null): Promise<Shop> {
  const e = parseEnv(env(run, dataDir));
  const database: DatabaseHandle = await openDatabase(run.driver === "postgres" ? { url: run.url! } : { dataDir: dataDir! });
  return openShop(e, { clock: fixedClock(new Date(T0)), log: createLogger("silent"), database });
}

export async function runCrashTest(run: CrashRun): Promise<CrashReport> {
  const log = run.log ?? (() => {});
  const dataDir = run.driver === "pglite" ? mkdtempSync(join(tmpdir(), "renewal-crash-")) : null;
  try {
    // 1. Seed N subscriptions due at T0 (the previous midnight).
    let shop = await open(run, dataDir);
    await seedSubscriptions(shop, { count: run.subscriptions, nextBillingAt: new Date(T0) });
    await shop.database.close();
    log(`seeded ${run.subscriptions} subscriptions due at ${new Date(T0).toISOString()}`);

    // 2. Workers, and the killer.
    const wall0 = wallNow();
    const workerEnv = { ...process.env, ...env(run, dataDir), SHOP_EPOCH: String(T0 + 60_000), WALL_EPOCH: String(wall0), CLOCK_SPEED: "60", RENEWAL_CONCURRENCY: String(run.concurrency ?? 4), ...(run.ratePerSecond ? { RENEWALS_PER_SECOND: String(run.ratePerSecond) } : {}), ...(run.batch ? { RENEWAL_BATCH: String(run.batch) } : {}) };
    const live = new Map<number, ChildProcess>();
    const ready = new Set<ChildProcess>();
    let finished = 0;
    let restarts = 0;
    let kills = 0;
    let done = false;
    const exits: Promise<void>[] = [];
    const start = (slot: number) => {
      // node itself loads TypeScript through tsx's hook: one process per worker, so SIGKILL kills the worker itself.
      const child = spawn(process.execPath, ["--import", "tsx", WORKER], { cwd: ROOT, env: workerEnv, stdio: ["ignore", "pipe", "pipe"] });
      let stderr = "";
      child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
      child.stdout!.on("data", (d: Buffer) => {
        if (d.toString().includes("ready")) ready.add(child);
      });
      live.set(slot, child);
      exits.push(
        new Promise((resolveExit) => {
          child.on("exit", (code, signal) => {
            if (live.get(slot) === child) live.delete(slot);
            if (code === 0) finished += 1;
            else if (signal !== "SIGKILL") log(`worker ${slot} exited with ${code ?? signal}: ${stderr.slice(-2000)}`);
            // A killed or failed worker is restarted at once, as a process supervisor would (a worker that failed and
            // stayed down left the killer waiting forever for a working worker to kill).
            if (code !== 0 && !done) {
              restarts += 1;
              start(slot);
            }
            resolveExit();
          });
        }),
      );
    };
    for (let slot = 0; slot < run.workers; slot++) start(slot);
    const [lo, hi] = run.killEveryMs ?? [300, 900];
    while (kills < run.kills && finished < run.workers && live.size > 0) {
      await new Promise((r) => setTimeout(r, lo + Math.random() * (hi - lo)));
      // Only workers that are working (past their start) are killed: each kill interrupts renewals mid-flight.
      const working = [...live.values()].filter((child) => ready.has(child));
      if (working.length === 0) continue;
      working[Math.floor(Math.random() * working.length)]!.kill("SIGKILL");
      kills += 1;
    }
    log(`killed ${kills} times; waiting for the workers to finish`);
    // Each worker exits by itself when nothing is due or pending (leases of killed workers expire in ~2 s real time).
    const deadline = wallNow() + (run.deadlineMinutes ?? 10) * 60_000;
    while (live.size > 0 && wallNow() < deadline) await new Promise((r) => setTimeout(r, 200));
    done = true;
    for (const child of live.values()) child.kill("SIGKILL");
    await Promise.all(exits);
    const seconds = (wallNow() - wall0) / 1000;

    // 3. Check from the database alone.
    shop = await open(run, dataDir);
    try {
      const report = await verify(shop, run, { kills, restarts, seconds });
      log(JSON.stringify(report));
      return report;
    } finally {
      await shop.database.close();
    }
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

async function one<T>(shop: Shop, query: ReturnType<typeof sql>): Promise<T> {
  const result = await dbOf(shop).execute(query);
  const rows = (result as { rows?: T[] }).rows ?? (result as unknown as T[]);
  return rows[0]!;
}

async function verify(shop: Shop, run: CrashRun, m: { kills: number; restarts: number; seconds: number }): Promise<CrashReport> {
  const period = new Date(T0).toISOString().slice(0, 10);
  const counts = await one<Record<string, string>>(
    shop,
    sql`SELECT
      (SELECT count(*) FROM renewals WHERE period = ${period} AND status = 'paid') AS paid,
      (SELECT count(*) FROM orders WHERE idempotency_key LIKE 'renewal:%') AS orders,
      (SELECT count(*) FROM sandbox_charges WHERE idempotency_key LIKE 'renewal:%' AND status = 'captured') AS captured,
      (SELECT count(*) FROM subscriptions WHERE next_billing_at = ${new Date(Date.UTC(2027, 1, 1))}) AS advanced,
      (SELECT count(*) FROM subscriptions s WHERE NOT EXISTS (SELECT 1 FROM renewals r WHERE r.subscription_id = s.id AND r.period = ${period} AND r.status = 'paid')) AS missed`,
  );
  // Charges per subscription at the gateway: the token ties a sandbox charge to its subscription.
  const perSub = await one<{ max: string; min: string; doubled: string }>(
    shop,
    sql`WITH c AS (
      SELECT pm.id AS method, count(ch.id) AS n FROM payment_methods pm
      LEFT JOIN sandbox_charges ch ON ch.token = pm.token AND ch.status = 'captured' AND ch.idempotency_key LIKE 'renewal:%'
      GROUP BY pm.id)
    SELECT max(n) AS max, min(n) AS min, count(*) FILTER (WHERE n > 1) AS doubled FROM c`,
  );
  const span = await one<{ ms: string }>(shop, sql`SELECT extract(epoch FROM max(updated_at) - min(created_at)) * 1000 AS ms FROM renewals WHERE period = ${period}`);
  const drainSeconds = Math.max(Number(span.ms) / 60 / 1000, 0.001);
  const reconciliation = await reconcileLedger(shop);
  return {
    subscriptions: run.subscriptions,
    kills: m.kills,
    restarts: m.restarts,
    seconds: Math.round(m.seconds * 10) / 10,
    renewalsPerSecond: Math.round(Number(counts.paid) / m.seconds),
    drainSeconds: Math.round(drainSeconds * 10) / 10,
    drainPerSecond: Math.round(Number(counts.paid) / drainSeconds),
    paidRenewals: Number(counts.paid),
    renewalOrders: Number(counts.orders),
    capturedCharges: Number(counts.captured),
    chargesPerPeriod: { max: Number(perSub.max), min: Number(perSub.min) },
    advanced: Number(counts.advanced),
    ledgerMismatches: reconciliation.mismatches,
    doubleCharged: Number(perSub.doubled),
    missed: Number(counts.missed),
  };
}
