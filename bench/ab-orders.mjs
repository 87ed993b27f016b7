// A/B of the order path (issue 27), not part of `npm run bench`: the shop built from another commit (A) against
// this checkout's build (B), each on its own fresh PostgreSQL database, under the orders step's load in alternating
// rounds (A, B, B, A, ...), so that one run compares them on the same machine at the same time.
//
//   node bench/ab-orders.mjs --base=HEAD~1 [--rounds=6] [--duration=10] [--postgres=URL] [--env=LOG_LEVEL=info ...]
//   node bench/ab-orders.mjs --base=HEAD~1 --pglite     (both shops on PGlite, each in its own temporary folder)
//   node bench/ab-orders.mjs --base=HEAD --b-env=PGOPTIONS="-c synchronous_commit=off"   (one setting, B only)
//
// A is checked out into a git worktree under the system's temp folder, shares this checkout's node_modules (the same
// lockfile is assumed; the script refuses otherwise) and is built there. B is this checkout's build/ as it is: run
// `npm run build` first.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { compareOrders, databaseCpuReader, freshPostgres } from "./lib/orders.mjs";
import { startServer } from "./lib/server.mjs";
import { findFreePort, fmt } from "./lib/util.mjs";

const { values: opts } = parseArgs({
  options: {
    base: { type: "string", default: "HEAD~1" },
    rounds: { type: "string", default: "6" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    env: { type: "string", multiple: true, default: [] }, // NAME=value for both shops, e.g. --env=LOG_LEVEL=info
    pglite: { type: "boolean", default: false },
    "b-env": { type: "string", multiple: true, default: [] }, // NAME=value for B only: the same code with a setting changed
  },
});
const pairs = (list) => Object.fromEntries(list.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
const extraEnv = pairs(opts.env);
const bEnv = pairs(opts["b-env"]);
const root = resolve(import.meta.dirname, "..");
const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();
const commit = git("rev-parse", "--short", opts.base);
if (git("diff", opts.base, "--", "package-lock.json")) throw new Error(`${opts.base} has another package-lock.json: A and B would not share node_modules`);

const worktree = join(mkdtempSync(join(tmpdir(), "shop-ab-")), "a");
const cleanups = [() => git("worktree", "remove", "--force", worktree)];
try {
  git("worktree", "add", "--detach", worktree, opts.base);
  symlinkSync(join(root, "node_modules"), join(worktree, "node_modules"));
  console.log(`Building A (${commit}) in ${worktree}...`);
  execFileSync("npm", ["run", "build"], { cwd: worktree, stdio: "ignore" });
  if (!existsSync(join(root, "build/node/index.js"))) throw new Error("B has no build: run npm run build");

  const targets = [];
  const taken = [];
  for (const [key, name, dir] of [["a", `A: ${commit}`, worktree], ["b", "B: this checkout", root]]) {
    const database = opts.pglite ? null : await freshPostgres(opts.postgres);
    if (!opts.pglite && !database) throw new Error(`PostgreSQL does not answer at ${opts.postgres}`);
    if (database) cleanups.push(() => database.drop());
    const port = await findFreePort(3800, 3899, taken);
    taken.push(port);
    const server = await startServer(dir, port, { databaseUrl: database?.url ?? null, extraEnv: { RATE_LIMITS: "off", ...extraEnv, ...(key === "b" ? bEnv : {}) } });
    cleanups.push(() => server.stop());
    const cpu = database ? databaseCpuReader(opts.postgres, database.url) : null;
    if (cpu) cleanups.push(() => cpu.close());
    targets.push({ key, name, origin: server.origin, pid: server.pid, databaseCpuSeconds: cpu?.read });
  }
  const m = await compareOrders(targets, {
    rounds: Number(opts.rounds),
    duration: Number(opts.duration),
    warmup: Number(opts.warmup),
    log: (line) => console.log(line),
  });
  const row = (t) =>
    `${t.name.padEnd(20)} ${fmt(t.ordersPerSecond, 1).padStart(7)} orders/s  p95 ${fmt(t.latencyMs.p95, 0).padStart(4)} ms  ` +
    `server CPU ${fmt(t.cpuMsPerOrder, 2)} ms/order  PostgreSQL CPU ${fmt(t.databaseCpuMsPerOrder, 2)} ms/order`;
  console.log([row(m.a), row(m.b)].join("\n"));
  console.log(
    `B/A: orders/s ${fmt(m.b.ordersPerSecond / m.a.ordersPerSecond, 3)}x, p95 ${fmt(m.b.latencyMs.p95 / m.a.latencyMs.p95, 3)}x, ` +
      `server CPU per order ${fmt(m.b.cpuMsPerOrder / m.a.cpuMsPerOrder, 3)}x (${opts.rounds} rounds of ${opts.duration} s, ${new Date().toISOString()})`,
  );
} finally {
  for (const fn of cleanups.reverse()) await Promise.resolve().then(fn).catch(() => {});
  if (existsSync(worktree)) rmSync(worktree, { recursive: true, force: true });
}
