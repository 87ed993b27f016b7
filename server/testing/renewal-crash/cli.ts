/**
 * `npm run crash:renewals -- [--driver postgres|pglite] [--subscriptions N] [--workers W] [--kills K]`
 * The full-size renewal crash test of issue 12: 10,000 subscriptions on PostgreSQL with two workers killed 50 times
 * (the default), or `--driver pglite --subscriptions 1000 --workers 1 --kills 10`. Prints the report; exits 1 when
 * any subscription was charged twice or missed, or the ledger disagrees with the gateway.
 * PostgreSQL: a scratch database is created on CRASH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import pg from "pg";
import { runCrashTest } from "./harness";

const { values } = parseArgs({
  options: {
    driver: { type: "string", default: "postgres" },
    subscriptions: { type: "string", default: "10000" },
    workers: { type: "string", default: "2" },
    kills: { type: "string", default: "50" },
    concurrency: { type: "string", default: "4" },
    "deadline-minutes": { type: "string", default: "60" },
  },
});
const driver = values.driver === "pglite" ? "pglite" : "postgres";
const admin = process.env.CRASH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `renewal_crash_${randomBytes(4).toString("hex")}`;
const query = async (text: string) => {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
let url: string | undefined;
if (driver === "postgres") {
  await query(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  url = u.toString();
}
try {
  const report = await runCrashTest({
    driver,
    url,
    subscriptions: Number(values.subscriptions),
    workers: driver === "pglite" ? 1 : Number(values.workers),
    kills: Number(values.kills),
    concurrency: Number(values.concurrency),
    deadlineMinutes: Number(values["deadline-minutes"]),
    log: (line) => console.log(line),
  });
  const ok = report.doubleCharged === 0 && report.missed === 0 && report.ledgerMismatches === 0 && report.paidRenewals === report.subscriptions;
  console.log(ok ? "PASS: every subscription charged exactly once, none missed, ledger = gateway" : "FAIL");
  process.exitCode = ok ? 0 : 1;
} finally {
  if (url) await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
