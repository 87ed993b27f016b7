/**
 * One renewal worker process for the crash test and the benchmark: opens the shop on DATABASE_URL (PostgreSQL) or
 * DATA_DIR (PGlite), then drains due renewals until none is left, exactly as the renew-due job does.
 * Shop time runs at CLOCK_SPEED × real time from SHOP_EPOCH (so a killed worker's leases expire in seconds).
 * Prints one JSON line per sweep; exits 0 when nothing is due and nothing is pending.
 */
import { sql } from "drizzle-orm";
import { openShop } from "../../boot";
import { parseEnv } from "../../env";
import { createLogger } from "../../lib/logger";
import { dbOf } from "../../shop";
import { drainDueRenewals } from "../../workflows/renew-subscription";

const wallNow = () => performance.timeOrigin + performance.now();
const epoch = Number(process.env.SHOP_EPOCH);
const wall0 = Number(process.env.WALL_EPOCH);
const speed = Number(process.env.CLOCK_SPEED ?? "60");
const clock = { now: () => new Date(epoch + (wallNow() - wall0) * speed) };

const env = parseEnv({ ...process.env, JOBS: "off", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" });
const shop = await openShop(env, { clock, log: createLogger(env.LOG_LEVEL) });
// The killer waits for this line, so kills land while renewals are being worked, not while the process starts.
process.stdout.write("ready\n");

async function remaining(): Promise<number> {
  const result = await dbOf(shop).execute<{ n: number }>(sql`
    SELECT (SELECT count(*) FROM subscriptions WHERE status = 'active' AND next_billing_at <= ${clock.now()})::int
         + (SELECT count(*) FROM renewals WHERE status = 'pending')::int AS n`);
  const rows = (result as { rows?: { n: number }[] }).rows ?? (result as unknown as { n: number }[]);
  return Number(rows[0]?.n ?? 0);
}

for (;;) {
  const report = await drainDueRenewals(shop, {
    ratePerSecond: Number(process.env.RENEWALS_PER_SECOND ?? 100_000),
    concurrency: Number(process.env.RENEWAL_CONCURRENCY ?? 4),
    batch: Number(process.env.RENEWAL_BATCH ?? 50),
    budgetMs: 5_000,
  });
  process.stdout.write(`${JSON.stringify({ pid: process.pid, ...report })}\n`);
  if (report.claimed === 0) {
    if ((await remaining()) === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
}
await shop.database.close();
process.exit(0);
