import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { rawExchange } from "../testing/raw-http";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { waitFor } from "../testing/wait-for";

describe(`protocol hygiene over a real socket (${testDriver()})`, () => {
  let shop: TestShop;
  let server: ServerType;
  let port: number;
  const logs: { level: number; msg: string; status?: number }[] = [];

  beforeAll(async () => {
    shop = await openTestShop();
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logs.push(JSON.parse(line));
        done();
      },
    });
    const logged = { ...shop, log: pino({ level: "info" }, sink) };
    server = serve({ fetch: createApp(logged).fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((r) => server.once("listening", r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await shop.cleanup();
  });

  it("a 413 announces Connection: close and the server then closes cleanly: no reset for a client that listens", async () => {
    const body = "x".repeat(200_000);
    const res = await rawExchange(port, [
      `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    ]);
    expect(res.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.text.toLowerCase()).toContain("connection: close");
    expect(res.text.toLowerCase()).not.toContain("keep-alive");
    expect(res.text).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(res.closedByServer).toBe(true);
  });

  it("a 415 reads the small body it refuses, so the next request on the same connection is answered", async () => {
    const first = "POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 11\r\n\r\nhello there";
    const second = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    const res = await rawExchange(port, [first, second]);
    expect(res.text).toMatch(/^HTTP\/1\.1 415 /);
    expect(res.text).toContain('"code":"UNSUPPORTED_MEDIA_TYPE"');
    expect(res.text).toMatch(/HTTP\/1\.1 200 [\s\S]*ok/i);
    expect(res.reset).toBe(false);
  });

  it("a request its client abandons is logged at info as 'client closed request', not as a 500 error", async () => {
    logs.length = 0;
    await rawExchange(port, ["POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"email\":"], {
      destroyAfterWrite: true,
    });
    await waitFor("the abandoned request's log line", async () => logs.some((l) => l.msg === "client closed request"), 5000);
    const line = logs.find((l) => l.msg === "client closed request")!;
    expect(line).toMatchObject({ level: 30, status: 499 });
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});
