#!/usr/bin/env node
// Email throughput and sign-in priority (issue 25, ADR 0051), on a throwaway PostgreSQL database with the built worker:
//   1. 10,000 queued receipts sent through a local SMTP peer (smtp-server, accepts at once) by one worker, then by two:
//      sends per second from the wake-up to the last message received;
//   2. a magic link queued behind 10,000 receipts while two workers send them: how long until the peer has it (goal < 10 s).
// Not part of `npm test` (needs `npm run build` and PostgreSQL). Usage: node bench/email.mjs [--postgres=URL] [--count=10000]
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { SMTPServer } from "smtp-server";

const { values: opts } = parseArgs({
  options: {
    postgres: { type: "string", default: process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test" },
    count: { type: "string", default: "10000" },
  },
});
const COUNT = Number(opts.count);
const root = process.cwd();

async function smtpPeer() {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let to = session.envelope.rcptTo.map((r) => r.address).join(",");
      stream.on("data", () => {});
      stream.on("end", () => {
        received.push({ to, at: performance.now() });
        callback();
      });
    },
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, received, close: () => new Promise((r) => server.close(r)) };
}

async function freshDatabase() {
  const name = `shop_bench_email_${Date.now()}`;
  const admin = new pg.Client({ connectionString: opts.postgres });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(opts.postgres);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: opts.postgres });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function startWorker(env) {
  const dataDir = mkdtempSync(join(tmpdir(), "shop-bench-email-"));
  const child = spawn(process.execPath, [join(root, "build/node/index.js"), "worker"], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const ready = (async () => {
    const until = Date.now() + 120_000;
    while (!output.includes("worker running jobs")) {
      if (child.exitCode !== null || Date.now() > until) throw new Error(`the worker did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const stop = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { ready, stop };
}

async function queueReceipts(db, count, tag) {
  await db.query(
    `insert into email_outbox ("to", subject, text, html, template, idempotency_key, created_at)
     select 'r' || g || '@example.com', 'Receipt ' || g, 'Receipt ' || g, '<p>Receipt ' || g || '</p>', 'order-confirmation', $2 || ':' || g, now()
     from generate_series(1, $1::int) g`,
    [count, tag],
  );
}

const waitFor = async (check, timeoutMs) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const results = {};
const database = await freshDatabase();
const peer = await smtpPeer();
const env = { DATABASE_URL: database.url, SMTP_URL: peer.url, NODE_ENV: "production", SESSION_SECRET: "b".repeat(40), PUBLIC_URL: "http://127.0.0.1:3000" };
const db = new pg.Client({ connectionString: database.url });
try {
  for (const workers of [1, 2]) {
    const started = Array.from({ length: workers }, () => startWorker(env));
    await Promise.all(started.map((w) => w.ready));
    if (workers === 1) await db.connect();
    peer.received.length = 0;
    await queueReceipts(db, COUNT, `bench-${workers}`);
    const t0 = performance.now();
    await db.query("select pg_notify('shop_email_queued', '')");
    await waitFor(() => peer.received.length >= COUNT, 600_000);
    const seconds = (peer.received.at(-1).at - t0) / 1000;
    results[`workers${workers}`] = { emails: COUNT, seconds: Number(seconds.toFixed(1)), perSecond: Math.round(COUNT / seconds) };
    console.log(`${workers} worker(s): ${COUNT} emails in ${seconds.toFixed(1)} s = ${Math.round(COUNT / seconds)} emails/s`);
    if (workers === 2) {
      peer.received.length = 0;
      await queueReceipts(db, COUNT, "bench-behind");
      await db.query("select pg_notify('shop_email_queued', '')");
      await waitFor(() => peer.received.length >= 500, 60_000);
      const before = peer.received.length;
      const t1 = performance.now();
      await db.query(
        `insert into email_outbox ("to", subject, text, html, template, idempotency_key, created_at, priority)
         values ('magic@example.com', 'Your sign-in link', 'link', '<p>link</p>', 'account-magic_link', 'bench-magic', now(), 0)`,
      );
      await db.query("select pg_notify('shop_email_queued', '')");
      await waitFor(() => peer.received.some((m) => m.to === "magic@example.com"), 120_000);
      const magic = peer.received.find((m) => m.to === "magic@example.com");
      const waited = (magic.at - t1) / 1000;
      const queuedAhead = COUNT - before;
      results.magicLink = { waitedSeconds: Number(waited.toFixed(2)), receiptsStillQueued: queuedAhead };
      console.log(`magic link queued behind ${queuedAhead} receipts: received after ${waited.toFixed(2)} s`);
      await waitFor(() => peer.received.length >= COUNT + 1, 600_000);
    }
    await Promise.all(started.map((w) => w.stop()));
  }
  console.log(JSON.stringify({ date: new Date().toISOString(), ...results }));
} finally {
  await db.end().catch(() => {});
  await peer.close();
  await database.drop();
}
