import PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { waitFor } from "../testing/wait-for";
import { JOB_LEASE_SECONDS, JOB_SCHEMA, renewJobLease } from "../modules/job-leases";
import { workLeased } from "./job-lease";
import { ensureQueue, SWEEP_QUEUE } from "./queue-times";

/**
 * Issue 25: a job whose worker died is run again within a minute, on every queue (ADR 0051). pg-boss 10 notices a dead
 * job only when its expiry passes (2 to 10 minutes here, the longest a job may run); the lease moves that deadline
 * to JOB_LEASE_SECONDS after the worker's last sign of life. pg-boss keeps time with the database's now(), so the
 * tests age a job by moving its start back, as that many seconds passing would.
 */
describe(`a running job's lease (${testDriver()})`, () => {
  let shop: TestShop;
  let boss: PgBoss;
  const sql = (text: string, values: unknown[] = []) => shop.database.executeSql(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
  const age = (id: string, seconds: number) => sql(`UPDATE ${JOB_SCHEMA}.job SET started_on = started_on - make_interval(secs => $2) WHERE id = $1`, [id, seconds]);
  /** Seconds until maintenance may fail the job: its deadline less the database's now. */
  const secondsLeft = async (id: string) =>
    Number((await sql(`SELECT EXTRACT(epoch FROM started_on + expire_in - now()) AS left FROM ${JOB_SCHEMA}.job WHERE id = $1`, [id])).rows[0]!.left);

  beforeAll(async () => {
    shop = await openTestShop();
    boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => shop.database.executeSql(text, values) },
      schema: JOB_SCHEMA,
      supervise: false,
      schedule: false,
    } as ConstructorParameters<typeof PgBoss>[0]);
    await boss.start();
  });
  afterAll(async () => {
    await boss?.stop({ graceful: false, wait: true });
    await shop?.cleanup();
  });

  it("a job whose worker died after its last renewal is failed once the lease has passed, and another worker runs it", async () => {
    const queue = "lease-dead-worker";
    await ensureQueue(boss, queue, SWEEP_QUEUE);
    const id = (await boss.send(queue, {}))!;
    // The worker that dies: it takes the job, says it is alive once, and is gone.
    const [taken] = await boss.fetch(queue);
    expect(taken!.id).toBe(id);
    await renewJobLease(shop, queue, id);
    expect(await secondsLeft(id)).toBeLessThanOrEqual(JOB_LEASE_SECONDS);
    await age(id, JOB_LEASE_SECONDS + 1);
    await boss.maintain();
    expect((await boss.getJobById(queue, id))?.state).toBe("retry");
    const runs: string[] = [];
    const worker = await workLeased(boss, shop, queue, async (jobs) => {
      runs.push(...jobs.map((j) => j.id));
    }, { pollingIntervalSeconds: 1 });
    try {
      await waitFor("the job to run again and complete", async () => (await boss.getJobById(queue, id))?.state === "completed");
      expect(runs).toEqual([id]);
    } finally {
      await boss.offWork({ id: worker });
    }
  });

  it("a living worker keeps its job past the lease, however long it runs (up to the queue's expiry): never failed, run once", async () => {
    const queue = "lease-living-worker";
    await ensureQueue(boss, queue, SWEEP_QUEUE);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const worker = await workLeased(boss, shop, queue, async () => {
      runs++;
      await held;
    }, { pollingIntervalSeconds: 1 });
    try {
      const id = (await boss.send(queue, {}))!;
      await waitFor("the worker to take the job", async () => runs === 1);
      // As if the job had run past its lease: the worker's next renewal (every 5 s) puts the deadline ahead again.
      await age(id, JOB_LEASE_SECONDS + 1);
      expect(await secondsLeft(id)).toBeLessThan(0);
      await waitFor("the lease to be renewed", async () => (await secondsLeft(id)) > JOB_LEASE_SECONDS - 5, 10_000);
      await boss.maintain();
      expect((await boss.getJobById(queue, id))?.state).toBe("active");
      release();
      await waitFor("the job to complete", async () => (await boss.getJobById(queue, id))?.state === "completed");
      expect(runs).toBe(1);
    } finally {
      release();
      await boss.offWork({ id: worker });
    }
  });
});
