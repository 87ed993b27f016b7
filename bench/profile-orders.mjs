// A CPU profile of the shop placing orders on PostgreSQL (issue 27), not part of `npm run bench`:
//
//   node bench/profile-orders.mjs [--postgres=URL | --pglite] [--seconds=10] [--out=bench/results/orders.cpuprofile]
//                                 [--svg=bench/results/orders.svg] [--title="the shop on PostgreSQL"]
//
// Starts the built shop on a fresh PostgreSQL database with node's --cpu-prof, warms it up, runs the orders step's
// load (20 shoppers, each purchase a new Idempotency-Key) for --seconds, stops the shop so that node writes the
// profile, and prints self time per order by function and by package. It also draws the profile as a flame graph in
// one SVG file (--svg); the .cpuprofile itself opens in Chrome DevTools (Performance, "Load profile") or speedscope.
import { mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { freshPostgres, measureOrders } from "./lib/orders.mjs";
import { startServer } from "./lib/server.mjs";
import { findFreePort } from "./lib/util.mjs";
import { flameGraphSvg } from "./lib/flame-graph.mjs";
import { summariseProfile } from "./lib/profile-summary.mjs";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    seconds: { type: "string", default: "10" },
    out: { type: "string", default: "bench/results/orders.cpuprofile" },
    svg: { type: "string", default: "bench/results/orders.svg" },
    title: { type: "string" },
    top: { type: "string", default: "40" },
    pglite: { type: "boolean" }, // the embedded PGlite instead: its database runs in the profiled thread
  },
});
const root = resolve(import.meta.dirname, "..");
const database = opts.pglite ? { url: null, drop: async () => {} } : await freshPostgres(opts.postgres);
if (!database) throw new Error(`PostgreSQL does not answer at ${opts.postgres}`);
const profileDir = mkdtempSync(join(tmpdir(), "shop-profile-"));
const port = await findFreePort(3700, 3799, []);
const shop = await startServer(root, port, {
  databaseUrl: database.url,
  extraEnv: { RATE_LIMITS: "off" },
  nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`],
});
// A card token pays once (ADR 0058), so every order brings its own, made before the load. On PostgreSQL a second
// process of the shop on the same database (JOBS=off, not profiled) makes them, so the profile holds no tokenising; on
// PGlite (one process holds the database) the profiled shop makes them itself, and a line below says so.
const tokenMaker = database.url
  ? await startServer(root, await findFreePort(3700, 3799, [port]), { databaseUrl: database.url, extraEnv: { RATE_LIMITS: "off", JOBS: "off" } })
  : null;
const tokenOrigin = tokenMaker?.origin ?? shop.origin;
try {
  const warm = await measureOrders(shop.origin, { duration: 3, tokenOrigin }); // the JIT, the pool, the named statements
  const measured = await measureOrders(shop.origin, { duration: Number(opts.seconds), tokenOrigin });
  await shop.stop();
  if (!tokenMaker) console.log(`the profile includes tokenising the orders' card tokens (PGlite: the shop made them itself)`);
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("node wrote no profile (did the shop exit cleanly?)");
  renameSync(join(profileDir, file), resolve(root, opts.out));
  const profile = JSON.parse(readFileSync(resolve(root, opts.out), "utf8"));
  const orders = warm.orders + measured.orders; // the warm-up's orders are in the profile too
  console.log(`${measured.orders} orders in ${opts.seconds} s (${measured.ordersPerSecond.toFixed(1)}/s, p95 ${measured.latencyMs.p95} ms); profile: ${opts.out}`);
  console.log(summariseProfile(profile, { orders, top: Number(opts.top) }));
  const title = opts.title ?? `The shop on ${opts.pglite ? "PGlite" : "PostgreSQL"}, ${measured.ordersPerSecond.toFixed(0)} orders/s`;
  writeFileSync(resolve(root, opts.svg), flameGraphSvg(profile, { title, orders }));
  console.log(`flame graph: ${opts.svg}`);
} finally {
  await shop.stop();
  await tokenMaker?.stop();
  await database.drop();
}
