import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchExperiment } from "./experiments";

describe("fetchExperiment", () => {
  afterEach(() => vi.restoreAllMocks());

  it("PUTs to the provider route and answers the variant", async () => {
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ name: "referral_badge_2", variant: "new_badge", inExperiment: true }), { status: 200 }));
    expect(await fetchExperiment("/provider", "referral_badge_2", fetcher as unknown as typeof fetch)).toBe("new_badge");
    expect(fetcher).toHaveBeenCalledWith("/provider/account/user-experiment/referral_badge_2", expect.objectContaining({ method: "PUT", body: "{}" }));
  });

  it("logs 'Error fetching experiment' and answers null on failure", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetcher = vi.fn(async () => new Response("{}", { status: 500 }));
    expect(await fetchExperiment("/provider", "referral_badge_2", fetcher as unknown as typeof fetch)).toBeNull();
    expect(log).toHaveBeenCalledWith("Error fetching experiment", expect.any(Error));
    const offline = vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await fetchExperiment("/provider", "x", offline as unknown as typeof fetch)).toBeNull();
  });
});
