import { describe, expect, it } from "vitest";
import { startWarnings } from "./start-warnings";
import { testDriver, testEnv } from "./testing/test-shop";

describe(`start warnings (${testDriver()})`, () => {
  it("development on a network address says so plainly, with how to run in production", () => {
    const [warning] = startWarnings(testEnv({ NODE_ENV: "development", HOST: "0.0.0.0", DATA_DIR: "build/test-warnings" }));
    expect(warning).toContain("listens on 0.0.0.0, so other machines on the network can reach it");
    expect(warning).toContain("NODE_ENV=production SESSION_SECRET=");
  });

  it("says nothing for development on loopback or production on any address", () => {
    expect(startWarnings(testEnv({ NODE_ENV: "development", HOST: "127.0.0.1", DATA_DIR: "build/test-warnings" }))).toEqual([]);
    expect(startWarnings(testEnv({ NODE_ENV: "development", HOST: "::1", DATA_DIR: "build/test-warnings" }))).toEqual([]);
    expect(startWarnings(testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "on" }))).toEqual([]);
  });

  it("production with RATE_LIMITS=off warns", () => {
    expect(startWarnings(testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "off" }))).toEqual([
      expect.stringContaining("RATE_LIMITS=off"),
    ]);
  });
});
