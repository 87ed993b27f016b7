import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COOKIE_CONSENT_STORAGE_KEY } from "../../domain/storage-keys";
import { fakeStorage } from "../testing/fake-storage";

const sentNames = (calls: unknown[][]) => calls.map((call) => JSON.parse(String((call[1] as RequestInit).body)).events.map((e: { name: string }) => e.name));

/**
 * A failed send is tried again by itself: an event must not wait in the queue for the shopper's next action (the
 * express-pay press before the form is filled has no next event until the shopper types).
 */
describe("the analytics client after a failed send", () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers();
    const storage = fakeStorage();
    storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify({ C0001: true, C0002: true, C0003: false, C0004: false, C0005: false }));
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("window", { localStorage: storage, addEventListener: () => undefined });
    vi.stubGlobal("document", { addEventListener: () => undefined, visibilityState: "visible" });
    vi.stubGlobal("location", { pathname: "/checkout" });
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const answer = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

  it("retries a 503 after 2 s, then 4 s, without a new event, and stops once sent", async () => {
    fetchMock.mockResolvedValueOnce(answer(503)).mockResolvedValueOnce(answer(503)).mockResolvedValue(answer(202));
    const { track } = await import("./analytics");
    track("Express Pay Clicked", { method: "google_pay", cart_id: "c-1" });
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sentNames(fetchMock.mock.calls)).toEqual([["Express Pay Clicked"], ["Express Pay Clicked"], ["Express Pay Clicked"]]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("waits as long as a 429's Retry-After asks, and retries after a network failure", async () => {
    fetchMock.mockResolvedValueOnce(answer(429, { "Retry-After": "30" })).mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(answer(202));
    const { track } = await import("./analytics");
    track("Checkout Step Viewed", { step: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("drops a batch the server refuses as bad (400) instead of resending it", async () => {
    fetchMock.mockResolvedValue(answer(400));
    const { track } = await import("./analytics");
    track("Checkout Step Viewed", { step: 1 });
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
