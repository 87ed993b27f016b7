import { describe, expect, it } from "vitest";
import { rateLimitedMessage } from "./rate-limited-message";

describe("rateLimitedMessage", () => {
  it("a short wait is a moment", () => {
    expect(rateLimitedMessage(1)).toBe("Too many requests. Please wait a moment and try again.");
    expect(rateLimitedMessage(90)).toBe("Too many requests. Please wait a moment and try again.");
  });
  it("minutes, rounded up", () => {
    expect(rateLimitedMessage(91)).toBe("Too many requests. Please try again in 2 minutes.");
    expect(rateLimitedMessage(59 * 60)).toBe("Too many requests. Please try again in 59 minutes.");
  });
  it("an hour, then hours rounded up", () => {
    expect(rateLimitedMessage(59 * 60 + 1)).toBe("Too many requests. Please try again in an hour.");
    expect(rateLimitedMessage(3600)).toBe("Too many requests. Please try again in an hour.");
    expect(rateLimitedMessage(6729)).toBe("Too many requests. Please try again in about 2 hours.");
  });
});
