import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANALYTICS_LOCK_STORAGE_KEY } from "../../domain/storage-keys";
import { fakeStorage } from "../testing/fake-storage";
import { LOCK_RETRIES, LOCK_RETRY_MS, withQueueLock } from "./analytics";

describe("the persistent queue's lock (SPEC.md section 8)", () => {
  beforeEach(() => {
    const storage = fakeStorage();
    vi.stubGlobal("localStorage", storage);
    vi.stubGlobal("window", { localStorage: storage });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("is 3 retries of 50 ms", () => {
    expect(LOCK_RETRIES).toBe(3);
    expect(LOCK_RETRY_MS).toBe(50);
  });

  it("runs the work when free and releases the lock", async () => {
    expect(await withQueueLock(() => 42)).toBe(42);
    expect(localStorage.getItem(ANALYTICS_LOCK_STORAGE_KEY)).toBeNull();
  });

  it("held by another tab: retries 3 times 50 ms apart, then logs 'Unable to retrieve lock'", async () => {
    localStorage.setItem(ANALYTICS_LOCK_STORAGE_KEY, JSON.stringify({ owner: "other-tab", expires: Date.now() + 60_000 }));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const work = vi.fn();
    const started = Date.now();
    expect(await withQueueLock(work)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(LOCK_RETRIES * LOCK_RETRY_MS - 5);
    expect(work).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith("Unable to retrieve lock");
  });

  it("takes a lock whose holder let it expire", async () => {
    localStorage.setItem(ANALYTICS_LOCK_STORAGE_KEY, JSON.stringify({ owner: "gone-tab", expires: Date.now() - 1 }));
    expect(await withQueueLock(() => "ran")).toBe("ran");
  });
});
