import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";

describe(`health checks (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop();
  });
  afterAll(() => shop.cleanup());

  it("/healthz answers while the process runs", async () => {
    const res = await createApp(shop).request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz reports the database it reached", async () => {
    const res = await createApp(shop).request("/readyz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ready", database: testDriver() });
  });

  it("/readyz answers 503 once the database is gone", async () => {
    const broken = { ...shop, database: { ...shop.database, executeSql: async () => Promise.reject(new Error("down")) } };
    const res = await createApp(broken).request("/readyz");
    expect(res.status).toBe(503);
  });
});
