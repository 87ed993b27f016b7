import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";
import { testDriver } from "./testing/test-shop";

const SECRET = "s".repeat(32);

/** parseEnv's error, or a failure if it did not throw one. */
function envError(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return error as EnvError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe(`env (${testDriver()})`, () => {
  it("with nothing set the shop runs: port 3000, PGlite in ./data, jobs inline, no test hooks", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      PROVIDER_BASE_PATH: "/provider",
      JOBS: "inline",
      LOG_LEVEL: "info",
      FEATURE_FLAGS: "",
      ENABLE_TEST_HOOKS: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("empty values count as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "", SESSION_SECRET: "" }).PORT).toBe(3000);
  });

  it("binds loopback unless HOST says otherwise, and every interface in production as before", () => {
    expect(parseEnv({}).HOST).toBe("127.0.0.1");
    expect(parseEnv({ NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example" }).HOST).toBe("0.0.0.0");
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example", HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });

  it("reads the values it is given", () => {
    const env = parseEnv({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/tmp/x",
      DATABASE_URL: "postgresql://u@h:5432/db",
      SESSION_SECRET: SECRET,
      PROVIDER_BASE_PATH: "/backend",
      JOBS: "off",
      ENABLE_TEST_HOOKS: "1",
    });
    expect(env).toMatchObject({ PORT: 8080, HOST: "127.0.0.1", DATA_DIR: "/tmp/x", DATABASE_URL: "postgresql://u@h:5432/db", SESSION_SECRET: SECRET, PROVIDER_BASE_PATH: "/backend", JOBS: "off", ENABLE_TEST_HOOKS: true });
  });

  it.each(["abc", "-1", "1.5", "70000", "3000abc", " ", "0x10"])("PORT=%j stops the start with one clear line naming PORT", (port) => {
    const error = envError({ PORT: port });
    expect(error.message).toMatch(/^Invalid configuration: PORT must be a whole number from 0 to 65535/);
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toMatch(/NaN/);
  });

  it("the PORT message shows the value that was given", () => {
    expect(envError({ PORT: "abc" }).message).toBe('Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")');
  });

  it("every bad value is named, on one line", () => {
    const error = envError({ PORT: "abc", DATABASE_URL: "mysql://h/db", LOG_LEVEL: "loud" });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).toContain("LOG_LEVEL");
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("a captcha secret without a site key is refused: checkout could not show the widget, so every order would fail", () => {
    expect(() => parseEnv({ TURNSTILE_SECRET_KEY: "secret" })).toThrow(/TURNSTILE_SITE_KEY is required when TURNSTILE_SECRET_KEY is set/);
    expect(() => parseEnv({ TURNSTILE_SECRET_KEY: "secret", TURNSTILE_SITE_KEY: "site" })).not.toThrow();
  });

  it("analytics events stay ours by default; a destination needs its URL and key, and the key is never echoed", () => {
    expect(parseEnv({}).ANALYTICS_DESTINATION).toBeUndefined();
    expect(() => parseEnv({ ANALYTICS_DESTINATION: "segment" })).toThrow(/ANALYTICS_WRITE_KEY and ANALYTICS_DESTINATION_URL are required/);
    expect(() => parseEnv({ ANALYTICS_DESTINATION: "mixpanel", ANALYTICS_DESTINATION_URL: "https://x.example", ANALYTICS_WRITE_KEY: "k" })).toThrow(/ANALYTICS_DESTINATION/);
    expect(parseEnv({ ANALYTICS_DESTINATION: "posthog", ANALYTICS_DESTINATION_URL: "https://us.i.posthog.com", ANALYTICS_WRITE_KEY: "phc_1" })).toMatchObject({ ANALYTICS_DESTINATION: "posthog" });
  });

  it("production requires SESSION_SECRET", () => {
    expect(envError({ NODE_ENV: "production", PUBLIC_URL: "https://shop.example" }).message).toBe("Invalid configuration: SESSION_SECRET is required in production");
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example" }).SESSION_SECRET).toBe(SECRET);
  });

  it("production requires PUBLIC_URL, an origin without a path; links never come from a request's Host (ADR 0048)", () => {
    expect(envError({ NODE_ENV: "production", SESSION_SECRET: SECRET }).message).toBe(
      "Invalid configuration: PUBLIC_URL is required in production (the shop's public origin, like https://shop.example)",
    );
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example/" }).PUBLIC_URL).toBe("https://shop.example");
    for (const bad of ["shop.example", "ftp://shop.example", "https://shop.example/shop", "https://u:p@shop.example", "https://shop.example/?a=1"]) {
      expect(envError({ PUBLIC_URL: bad }).message, bad).toBe("Invalid configuration: PUBLIC_URL must be an origin like https://shop.example (http or https, no path)");
    }
    expect(parseEnv({}).PUBLIC_URL).toBeUndefined();
  });

  it("a short SESSION_SECRET is refused, and its value is never printed", () => {
    const error = envError({ SESSION_SECRET: "hunter2" });
    expect(error.message).toContain("SESSION_SECRET must be at least 32 characters");
    expect(error.message).not.toContain("hunter2");
  });

  it("ENABLE_TEST_HOOKS is refused in production", () => {
    expect(envError({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example", ENABLE_TEST_HOOKS: "true" }).message).toBe(
      "Invalid configuration: ENABLE_TEST_HOOKS must not be set in production",
    );
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: SECRET, PUBLIC_URL: "https://shop.example", ENABLE_TEST_HOOKS: "false" }).ENABLE_TEST_HOOKS).toBe(false);
  });

  it("ENABLE_TEST_HOOKS takes only true/false/1/0", () => {
    expect(envError({ ENABLE_TEST_HOOKS: "yes" }).message).toContain("ENABLE_TEST_HOOKS");
  });

  it.each(["mysql://u@h/db", "http://h/db", "h:5432/db", "/var/run/postgresql"])("DATABASE_URL=%j must be postgres://", (url) => {
    const error = envError({ DATABASE_URL: url });
    expect(error.message).toBe("Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL");
    expect(error.message).not.toContain(url);
  });

  it.each(["postgres://u:p@h:5432/db", "postgresql://h/db"])("DATABASE_URL=%j is accepted", (url) => {
    expect(parseEnv({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    ["PROVIDER_BASE_PATH", "provider"],
    ["PROVIDER_BASE_PATH", "/a/b"],
    ["SMTP_URL", "http://mail"],
    ["JOBS", "sometimes"],
    ["NODE_ENV", "staging"],
    ["PUBLIC_URL", "not a url"],
    ["MAIL_FROM", "care"],
    ["MAIL_FROM", "Seed <care>"],
    ["MAIL_FROM", "Seed <care@seed.example>\r\nBcc: x@example.com"],
    ["TURNSTILE_VERIFY_URL", "siteverify"],
    ["TURNSTILE_TIMEOUT_MS", "soon"],
    ["TURNSTILE_TIMEOUT_MS", "10"],
  ])("%s=%j is refused", (key, value) => {
    expect(envError({ [key]: value }).message).toContain(key);
  });

  it("email and captcha settings: defaults, given values, and the captcha secret never printed", () => {
    const defaults = parseEnv({});
    expect(defaults).toMatchObject({
      MAIL_FROM: "Seed <care@seed.example>",
      TURNSTILE_VERIFY_URL: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
      TURNSTILE_TIMEOUT_MS: 5000,
    });
    expect(defaults.TURNSTILE_SECRET_KEY).toBeUndefined();
    const given = parseEnv({ MAIL_FROM: "care@shop.example", TURNSTILE_SECRET_KEY: "0xsecret", TURNSTILE_SITE_KEY: "0xsite", TURNSTILE_TIMEOUT_MS: "1500" });
    expect(given).toMatchObject({ MAIL_FROM: "care@shop.example", TURNSTILE_SECRET_KEY: "0xsecret", TURNSTILE_SITE_KEY: "0xsite", TURNSTILE_TIMEOUT_MS: 1500 });
    const blank = envError({ TURNSTILE_SECRET_KEY: "   " }).message;
    expect(blank).toContain("TURNSTILE_SECRET_KEY");
    expect(blank).not.toContain("(got");
  });
});
