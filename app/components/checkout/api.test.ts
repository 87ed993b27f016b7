import { afterEach, describe, expect, it, vi } from "vitest";
import { NETWORK_FAILED, PURCHASE_RETRY_DELAYS_MS, placeOrder, postJson, readError } from "./api";

describe("readError", () => {
  it("keeps the server's code and words", () => {
    expect(readError(402, { code: "PAYMENT_DECLINED", message: "Your card was declined." })).toEqual({ status: 402, code: "PAYMENT_DECLINED", message: "Your card was declined." });
  });
  it("falls back to the catalogue's UNKNOWN words for a body without them", () => {
    expect(readError(502, "<html>bad gateway</html>")).toEqual({ status: 502, code: "UNKNOWN", message: "We encountered an error. Please try again." });
    expect(readError(500, null).code).toBe("UNKNOWN");
  });
});

describe("postJson", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends JSON with credentials and the extra headers", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ a: 1 }), { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    expect(await postJson("/x", { b: 2 }, { headers: { "Idempotency-Key": "k" } })).toEqual({ ok: true, status: 201, data: { a: 1 } });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"b":2}' });
    expect(init.headers).toMatchObject({ "Content-Type": "application/json", "Idempotency-Key": "k" });
  });

  it("answers a network failure as status 500 with plain words", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await postJson("/x", {})).toEqual({ ok: false, error: { status: 500, code: "UNKNOWN", message: NETWORK_FAILED } });
  });

  it("reads an error body", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ code: "INVALID_COUPON", message: "This coupon code is invalid." }), { status: 422 })));
    expect(await postJson("/x", {})).toEqual({ ok: false, error: { status: 422, code: "INVALID_COUPON", message: "This coupon code is invalid." } });
  });
});

describe("placeOrder: a lost answer is asked again with the same key (issue 37)", () => {
  afterEach(() => vi.unstubAllGlobals());
  const created = () => new Response(JSON.stringify({ order: { id: "o1" } }), { status: 201 });
  const keysSent = (fetchMock: ReturnType<typeof vi.fn>) => fetchMock.mock.calls.map(([, init]) => (init as RequestInit).headers as Record<string, string>).map((h) => h["Idempotency-Key"]);

  it("a proxy's 502 then a dropped connection, then the order: three requests, one key, the shopper told twice", async () => {
    const answers = [() => new Response("<html>Bad Gateway</html>", { status: 502 }), () => Promise.reject(new TypeError("Failed to fetch")), created];
    const fetchMock = vi.fn(async () => answers.shift()!());
    vi.stubGlobal("fetch", fetchMock);
    const retries: number[] = [];
    const waits: number[] = [];
    const result = await placeOrder({}, "key-1", (n) => retries.push(n), async (ms) => void waits.push(ms));
    expect(result).toEqual({ ok: true, status: 201, data: { order: { id: "o1" } } });
    expect(keysSent(fetchMock)).toEqual(["key-1", "key-1", "key-1"]);
    expect(retries).toEqual([1, 2]);
    expect(waits).toEqual(PURCHASE_RETRY_DELAYS_MS.slice(0, 2));
  });

  it("gives up after its retries and answers the last failure", async () => {
    const fetchMock = vi.fn(async () => new Response("", { status: 503 }));
    vi.stubGlobal("fetch", fetchMock);
    const result = await placeOrder({}, "key-2", undefined, async () => {});
    expect(fetchMock).toHaveBeenCalledTimes(PURCHASE_RETRY_DELAYS_MS.length + 1);
    expect(result.ok).toBe(false);
  });

  it("never repeats the server's own answer: a decline, a 409 or a 500 with a body", async () => {
    for (const [status, code] of [[402, "PAYMENT_DECLINED"], [409, "IDEMPOTENCY_IN_PROGRESS"], [500, "INTERNAL"]] as const) {
      const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code, message: "words" }), { status }));
      vi.stubGlobal("fetch", fetchMock);
      await placeOrder({}, "key-3", undefined, async () => {});
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
