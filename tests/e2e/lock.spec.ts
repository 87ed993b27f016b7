import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ENTRY, PROJECT_ROOT, runToExit, startShop, stopShop, tempDataDir, waitReady } from "./support/shop-process";
import { ALL_ACCEPTED } from "../../domain/consent";

/**
 * Process-level start-up rules, on the built shop (npm run build) with no browser:
 * one process per PGlite data folder, stale locks taken over, bad settings stop the start with one line.
 */
test.describe.configure({ timeout: 180_000 });

const deadPid = () => Number(spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout.toString());

test("a second process on the same DATA_DIR exits non-zero with the 'is in use by another shop process' message, and the first keeps serving", async () => {
  const dataDir = tempDataDir("lock");
  const first = await startShop({ dataDir });
  try {
    await waitReady(first);
    const second = await runToExit({ dataDir });
    expect(second.code).not.toBe(0);
    expect(second.code).toBe(1);
    expect(second.output).toContain("is in use by another shop process");
    expect(second.output).toContain(`(pid ${first.child.pid})`);
    expect(second.output.trim().split("\n"), "one clear line, no stack trace").toHaveLength(1);

    // The first process was not disturbed and still holds the folder.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    expect(JSON.parse(readFileSync(join(dataDir, "shop.lock"), "utf8")).pid).toBe(first.child.pid);
  } finally {
    expect(await stopShop(first)).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("a stale lock whose pid is not alive is taken over", async () => {
  const dataDir = tempDataDir("stale");
  writeFileSync(join(dataDir, "shop.lock"), JSON.stringify({ pid: deadPid(), startedAt: "2020-01-01T00:00:00Z" }));
  const shop = await startShop({ dataDir });
  try {
    await waitReady(shop);
    expect(JSON.parse(readFileSync(join(dataDir, "shop.lock"), "utf8")).pid).toBe(shop.child.pid);
  } finally {
    expect(await stopShop(shop)).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("after a crash (kill -9) the next start takes the lock over and finds the data written before", async () => {
  const dataDir = tempDataDir("crash");
  const name = `crash-${Date.now().toString(36)}`;
  const first = await startShop({ dataDir });
  let second: Awaited<ReturnType<typeof startShop>> | null = null;
  try {
    await waitReady(first);
    const res = await fetch(`${first.url}/api/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ events: [{ name: "Button Clicked", properties: { name, location: "lock test" } }], consent: ALL_ACCEPTED }),
    });
    expect(res.status).toBe(202);
    expect(await stopShop(first, "SIGKILL")).toBe("SIGKILL");
    expect(JSON.parse(readFileSync(join(dataDir, "shop.lock"), "utf8")).pid, "kill -9 leaves the lock behind").toBe(first.child.pid);

    second = await startShop({ dataDir });
    await waitReady(second);
    expect(JSON.parse(readFileSync(join(dataDir, "shop.lock"), "utf8")).pid).toBe(second.child.pid);
    const { count } = (await (await fetch(`${second.url}/__test/events/count?button=${name}`)).json()) as { count: number };
    expect(count).toBe(1);
  } finally {
    await stopShop(first, "SIGKILL");
    if (second) expect(await stopShop(second)).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test.describe("bad settings stop the start with one clear line", () => {
  for (const [env, expected] of [
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")'],
    [{ DATABASE_URL: "mysql://localhost/shop" }, "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL"],
    [{ NODE_ENV: "production", PUBLIC_URL: "https://shop.example" }, "Invalid configuration: SESSION_SECRET is required in production"],
    [{ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40) }, "Invalid configuration: PUBLIC_URL is required in production (the shop's public origin, like https://shop.example)"],
    [{ NODE_ENV: "production", SESSION_SECRET: "x".repeat(40), PUBLIC_URL: "https://shop.example", ENABLE_TEST_HOOKS: "true" }, "Invalid configuration: ENABLE_TEST_HOOKS must not be set in production"],
  ] as const) {
    test(`${JSON.stringify(env)} exits 1 with: ${expected}`, async () => {
      const dataDir = tempDataDir("badenv");
      try {
        const { code, output } = await runToExit({ dataDir, env: { ENABLE_TEST_HOOKS: "false", ...env } });
        expect(code).toBe(1);
        expect(output.trim()).toBe(expected);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }

  test("an unknown mode exits 2 with one line", async () => {
    const result = spawnSync(process.execPath, [ENTRY, "nonsense"], { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH ?? "" } });
    expect(result.status).toBe(2);
    expect(result.stderr.toString().trim()).toBe('Unknown mode "nonsense". Use "web" (default), "worker", "experiments-report", "console-owner <email>", "backup <file>" or "restore <file>".');
  });
});

test.describe("an unsafe shape is said first, in plain words", () => {
  test("production with RATE_LIMITS=off logs its warning before anything else, and still serves", async () => {
    const dataDir = tempDataDir("limits-off");
    const shop = await startShop({ dataDir, env: { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://shop.example", ENABLE_TEST_HOOKS: "false", RATE_LIMITS: "off" } });
    try {
      await waitReady(shop);
      const first = shop.output().split("\n").find((line) => line.trim() !== "");
      expect(first).toContain("RATE_LIMITS=off: no rate limits on purchases, sign-ups or events. Use it only for benchmarks and load tests.");
    } finally {
      await stopShop(shop);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("production with the default limits says nothing of the kind", async () => {
    const dataDir = tempDataDir("limits-on");
    const shop = await startShop({ dataDir, env: { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), PUBLIC_URL: "https://shop.example", ENABLE_TEST_HOOKS: "false", RATE_LIMITS: "" } });
    try {
      await waitReady(shop);
      expect(shop.output()).not.toContain("RATE_LIMITS=off");
    } finally {
      await stopShop(shop);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
