import { describe, expect, it } from "vitest";
import { startWarnings } from "./start-warnings";
import { testDriver, testEnv } from "./testing/test-shop";

const TURNSTILE = { TURNSTILE_SECRET_KEY: "0x4AAAAAAAtest-secret", TURNSTILE_SITE_KEY: "0x4AAAAAAAtest-site" };

describe(`start warnings (${testDriver()})`, () => {
  it("development on a network address says so plainly, with how to run in production", () => {
    const [warning] = startWarnings(testEnv({ NODE_ENV: "development", HOST: "0.0.0.0", DATA_DIR: "build/test-warnings" }));
    expect(warning).toContain("listens on 0.0.0.0, so other machines on the network can reach it");
    expect(warning).toContain("NODE_ENV=production SESSION_SECRET=");
  });

  it("a fresh development start (HOST unset) binds loopback and warns of nothing", () => {
    expect(startWarnings(testEnv({ NODE_ENV: "development", DATA_DIR: "build/test-warnings" }))).toEqual([]);
  });

  it("says nothing for development on loopback or production on any address", () => {
    expect(startWarnings(testEnv({ NODE_ENV: "development", HOST: "127.0.0.1", DATA_DIR: "build/test-warnings" }))).toEqual([]);
    expect(startWarnings(testEnv({ NODE_ENV: "development", HOST: "::1", DATA_DIR: "build/test-warnings" }))).toEqual([]);
    expect(startWarnings(testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "on", ...TURNSTILE }))).toEqual([]);
  });

  it("production without Turnstile keys warns in one line that card tries past the decline step are refused (ADR 0058)", () => {
    const warnings = startWarnings(testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "on" }));
    expect(warnings).toEqual([expect.stringContaining("TURNSTILE_SECRET_KEY is not set")]);
    expect(warnings[0]).not.toContain("\n");
    // Development and tests without keys use the stand-in captcha on purpose: nothing to warn about.
    expect(startWarnings(testEnv({ NODE_ENV: "development", HOST: "127.0.0.1", DATA_DIR: "build/test-warnings" }))).toEqual([]);
  });

  it("production with RATE_LIMITS=off warns", () => {
    expect(startWarnings(testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "off", ...TURNSTILE }))).toEqual([
      expect.stringContaining("RATE_LIMITS=off"),
    ]);
  });

  it("with both unsafe, no rate limits is said first (the e2e start checks the first line)", () => {
    expect(startWarnings(testEnv({ NODE_ENV: "production", SESSION_SECRET: "p".repeat(40), PUBLIC_URL: "https://shop.example", RATE_LIMITS: "off" }))).toEqual([
      expect.stringContaining("RATE_LIMITS=off"),
      expect.stringContaining("TURNSTILE_SECRET_KEY is not set"),
    ]);
  });
});
