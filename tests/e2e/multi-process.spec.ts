import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import pg from "pg";
import { expect, test } from "@playwright/test";
import PgBoss from "pg-boss";
import { startAnalyticsReceiver } from "../../server/testing/analytics-receiver";
import { startSmtpPeer, type SmtpPeer } from "../../server/testing/smtp-peer";
import { startShop, stopShop, tempDataDir, waitReady, type ShopProcess } from "./support/shop-process";

/**
 * Issue 25: two web processes (JOBS=off) and a worker on one PostgreSQL, as docs/deploy.md describes, started from the
 * production build. Sessions and idempotency hold across processes, a price change reaches both page caches, a web
 * process whose LISTEN connection is cut serves the new price within 10 s, and a worker killed with SIGKILL while it
 * sends 120 emails through a slow SMTP peer leaves them to a new worker, which sends every one within 90 s, none twice;
 * a worker killed while a job waits on the analytics destination leaves the job to a new worker within 60 s.
 * (Rate limits across processes: rate-limit.spec.ts.) No browser. Skipped without PostgreSQL (TEST_POSTGRES_URL).
 */
test.describe.configure({ timeout: 300_000 });

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BASE_PORT = Number(process.env.E2E_PORT ?? 3100) + 11;
const PAGE = "/daily-synbiotic";

async function connect(url: string): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

/** Polls until check answers truthy; fails naming what it waited for. Real processes, real time: bounded loops only. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startWorker(dataDir: string, env: Record<string, string>): Promise<ShopProcess> {
  return startShop({ dataDir, env: { ...env, LOG_LEVEL: "info" }, port: BASE_PORT + 9, args: ["worker"] });
}

test("two web processes and a worker on one PostgreSQL: sessions, idempotency, cache notices, a cut LISTEN, a killed worker", async () => {
  const admin = await connect(ADMIN_URL);
  test.skip(!admin, `no PostgreSQL at ${ADMIN_URL}`);
  const name = `shop_multi_${randomBytes(4).toString("hex")}`;
  await admin!.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const peer: SmtpPeer = await startSmtpPeer({ delayMs: 150 });
  const destination = await startAnalyticsReceiver();
  // Settings that must match across processes (docs/deploy.md): one database, one session secret, one SMTP peer.
  const env = {
    DATABASE_URL: url.toString(),
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: peer.url,
    JOBS: "off",
    EMAIL_SENDERS: "1",
    ANALYTICS_DESTINATION: "segment",
    ANALYTICS_DESTINATION_URL: destination.url,
    ANALYTICS_WRITE_KEY: "multi-key",
  };
  const dirs = Array.from({ length: 5 }, (_, i) => tempDataDir(`multi-${i}`));
  const processes: ShopProcess[] = [];
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    const metricsPort = BASE_PORT + 5;
    const a = await startShop({ dataDir: dirs[0]!, env: { ...env, METRICS_PORT: String(metricsPort) }, port: BASE_PORT });
    processes.push(a);
    await waitReady(a);
    const b = await startShop({ dataDir: dirs[1]!, env, port: BASE_PORT + 1 });
    processes.push(b);
    await waitReady(b);
    await db.connect();
    const page = async (shop: ShopProcess) => {
      const res = await fetch(`${shop.url}${PAGE}`);
      return { text: await res.text(), cache: res.headers.get("x-page-cache") };
    };
    const setPrice = (cents: number) =>
      db.query("update plan_prices set amount = $1 where plan_code like 'syn-wk%' and currency = 'USD'", [cents]);

    await test.step("a session made on one web process works on the other", async () => {
      const email = `multi-${randomBytes(3).toString("hex")}@example.com`;
      const post = (shop: ShopProcess, path: string, body: unknown, cookie = "") =>
        fetch(`${shop.url}${path}`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });
      expect((await post(a, "/api/auth/register", { email, password: "member-pass", firstName: "Multi", lastName: "Process" })).status).toBe(201);
      const { rows } = await db.query<{ text: string }>("select text from email_outbox where \"to\" = $1 order by created_at desc limit 1", [email]);
      const link = new URL(/https?:\/\/\S+/.exec(rows[0]!.text)![0]);
      await fetch(`${b.url}${link.pathname}${link.search}`, { redirect: "manual" });
      const login = await post(b, "/provider/account/login", { email, password: "member-pass" });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      expect((await fetch(`${a.url}/api/user`, { headers: { cookie } })).status).toBe(200);
    });

    await test.step("one Idempotency-Key sent to both web processes at once makes one order", async () => {
      const token = async (shop: ShopProcess) => {
        const res = await fetch(`${shop.url}/api/payments/sandbox/tokenize`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123" }),
        });
        return ((await res.json()) as { token: string }).token;
      };
      const key = randomUUID();
      const body = {
        email: `buyer-${randomBytes(3).toString("hex")}@example.com`,
        shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Austin", region: "TX", postalCode: "78701", country: "US" },
        items: { "syn-wk-3mo": 1 },
        couponCodes: [],
        payment: { token: await token(a) },
        healthCertification: true,
        renewalConsent: true,
      };
      const buy = (shop: ShopProcess) =>
        fetch(`${shop.url}/api/purchase`, { method: "POST", headers: { "content-type": "application/json", "Idempotency-Key": key }, body: JSON.stringify(body) });
      const scrape = async () => (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()).split("\n");
      const value = (lines: string[], prefix: string) => Number(lines.find((l) => l.startsWith(prefix))?.split(" ").at(-1) ?? 0);
      const before = await scrape();
      const answers = await Promise.all([buy(a), buy(b)]);
      // The metrics port of web process a: the order count (deployment-wide gauge) and a's request counter moved.
      const after = await scrape();
      expect(value(after, "shop_orders{")).toBe(value(before, "shop_orders{") + 1);
      const purchases = (lines: string[]) => value(lines, 'shop_http_requests_total{route="/api/purchase"');
      expect(purchases(after)).toBeGreaterThan(purchases(before));
      const orders = await Promise.all(answers.map(async (r) => ({ status: r.status, body: (await r.json()) as { order?: { id: string } } })));
      const placed = orders.filter((o) => o.status === 201 || o.status === 200);
      expect(placed.length, JSON.stringify(orders)).toBeGreaterThanOrEqual(1);
      expect(new Set(placed.map((o) => o.body.order?.id)).size).toBe(1);
      const { rows } = await db.query<{ n: number }>("select count(*)::int as n from orders where email = $1", [body.email]);
      expect(rows[0]!.n).toBe(1);
    });

    await test.step("a price change reaches the page caches of both web processes", async () => {
      await setPrice(12345);
      for (const shop of [a, b]) {
        await until(`port ${shop.port} to show $123.45`, async () => (await page(shop)).text.includes("$123.45"), 10_000);
        // Cached again once the change's notices have all arrived (one UPDATE of several rows sends several).
        await until(`port ${shop.port} to cache the new page`, async () => {
          const p = await page(shop);
          return p.cache === "HIT" && p.text.includes("$123.45");
        }, 10_000);
      }
      await setPrice(13579);
      for (const shop of [a, b]) await until(`port ${shop.port} to show $135.79`, async () => (await page(shop)).text.includes("$135.79"), 10_000);
    });

    await test.step("a web process whose LISTEN connection is cut serves a price changed in the gap within 10 s", async () => {
      const listener = await db.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and application_name = $1", [`shop-listen ${a.child.pid}`]);
      expect(listener.rows).toHaveLength(1);
      await db.query("select pg_terminate_backend($1)", [listener.rows[0]!.pid]);
      // In the gap: a page is rendered (and offered to the cache) with the old price, then the price changes.
      await page(a);
      await setPrice(24680);
      const changed = Date.now();
      await until("the new price after the cut", async () => (await page(a)).text.includes("$246.80"), 10_000);
      expect(Date.now() - changed).toBeLessThan(10_000);
      // Listening again: the page is cached again.
      await until("the page to be cached again", async () => (await page(a)).cache === "HIT", 10_000);
    });

    await test.step("a worker killed (SIGKILL) mid-send: a new worker sends all 120 emails within 90 s, none twice", async () => {
      const w1 = await startWorker(dirs[2]!, env);
      processes.push(w1);
      await until("the first worker to run", async () => w1.output().includes("worker running jobs"), 60_000);
      peer.received.length = 0;
      await db.query(
        `insert into email_outbox ("to", subject, text, html, template, idempotency_key, created_at)
         select 'kill' || g || '@example.com', 'Receipt ' || g, 'Receipt ' || g, '<p>Receipt ' || g || '</p>', 'order-confirmation', 'kill:' || g, now()
         from generate_series(1, 120) g`,
      );
      await db.query("select pg_notify('shop_email_queued', '')");
      const kills = () => peer.received.filter((m) => m.to[0]?.startsWith("kill"));
      await until("ten emails through the slow peer", async () => kills().length >= 10, 60_000);
      // The worker dies while the peer holds the next email's answer back (150 ms): that email is in flight, not sent.
      // (A death between the peer's 250 and the outbox's `sent` update would resend that one email: ADR 0051.)
      await peer.nextHold();
      w1.child.kill("SIGKILL");
      const killed = Date.now();
      await w1.exited;
      expect(kills().length).toBeLessThan(120);
      const w2 = await startWorker(dirs[3]!, env);
      processes.push(w2);
      const sentRows = async () => (await db.query<{ id: string }>("select id from email_outbox where idempotency_key like 'kill:%' and status = 'sent'")).rows;
      // Received by the peer, then marked sent by the worker a moment later: both within the 90 s.
      await until("all 120 emails, each marked sent", async () => new Set(kills().map((m) => m.to[0])).size >= 120 && (await sentRows()).length >= 120, 90_000);
      expect(Date.now() - killed).toBeLessThan(90_000);
      const ids = kills().map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
      const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
      expect(twice, "sent twice").toEqual([]);
      expect(new Set(ids).size).toBe(120);
      const rows = await sentRows();
      expect(rows).toHaveLength(120);
      // The Message-ID is the outbox row's, whoever sent it.
      expect(new Set(ids)).toEqual(new Set(rows.map((r) => `<${r.id}@seed.example>`)));
    });

    await test.step("a worker killed (SIGKILL) mid-job: a new worker runs the job again within 60 s", async () => {
      // The worker of the step before is the only one. A forward-analytics job waits on the destination, which never
      // answers; the worker dies then. pg-boss alone would notice only at the queue's expiry (60 s) and the next maintenance.
      const { rows } = await db.query<{ id: string }>("insert into analytics_events (name, properties, created_at) values ('Killed mid-job', '{}', now()) returning id");
      const eventId = Number(rows[0]!.id);
      const ours = (body: unknown) => JSON.stringify(body).includes("Killed mid-job");
      destination.state.holdWhen = ours;
      const held = destination.held();
      const sender = new PgBoss({ connectionString: url.toString(), schema: "pgboss", supervise: false, schedule: false, migrate: false });
      sender.on("error", () => {}); // its pool meets the database's drop at the end
      await sender.start();
      const jobId = await sender.send("forward-analytics-events", { eventIds: [eventId] }, { retryLimit: 3, retryDelay: 2, retryBackoff: true });
      expect(jobId).toBeTruthy();
      await until("the destination to hold the job's request", async () => Promise.race([held.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 500))]), 30_000);
      const w2 = processes.at(-1)!;
      w2.child.kill("SIGKILL");
      const killed = Date.now();
      await w2.exited;
      const w3 = await startWorker(dirs[4]!, env);
      processes.push(w3);
      await until("the job to reach the destination again", async () => destination.received.filter((r) => ours(r.body)).length >= 2, 60_000);
      expect(Date.now() - killed).toBeLessThan(60_000);
      const state = async () => (await db.query<{ state: string }>("select state from pgboss.job where id = $1", [jobId])).rows[0]?.state;
      await until("the job to complete", async () => (await state()) === "completed", 10_000);
      await sender.stop({ graceful: false, wait: false });
    });

    await test.step("SIGTERM drains: every process stops cleanly", async () => {
      for (const p of processes.filter((p) => p.child.exitCode === null && p.child.signalCode === null)) expect(await stopShop(p)).toBe(0);
    });
  } finally {
    for (const p of processes) await stopShop(p, "SIGKILL");
    await db.end().catch(() => {});
    await peer.close();
    await destination.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await admin!.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin!.end();
  }
});
