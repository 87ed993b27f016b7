import { afterEach, describe, expect, it, vi } from "vitest";
import { NETWORK_FAILED, postJson, readError } from "./api";

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
