import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built shop,
// started fresh on its own PGlite folder with test hooks on.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/**
 * Tests start as a shopper who accepted every cookie category, so the consent banner does not cover the page and
 * events flow; tests/e2e/consent.spec.ts starts without a choice.
 */
export const CONSENTED = {
  cookies: [],
  origins: [{ origin: BASE_URL, localStorage: [{ name: "seed_cookie_consent", value: JSON.stringify({ C0001: true, C0002: true, C0003: true, C0004: true, C0005: true }) }] }],
};
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const CHROMIUM = { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } };
const SHOP_WIDE_SPECS = /console-(experiments|flags)\.spec\.ts/;
/**
 * The first visit (issue 26, ADR 0050): the main journeys as a newcomer meets them, the cookie banner shown and never
 * answered, at 1440 and at 390.
 */
const FIRST_VISIT_SPECS = /first-visit\/.*\.spec\.ts/;
const NO_CHOICE = { cookies: [], origins: [] };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    storageState: CONSENTED,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [
    { name: "chromium", use: CHROMIUM, testIgnore: [SHOP_WIDE_SPECS, FIRST_VISIT_SPECS] },
    { name: "first-visit-1440", use: { ...CHROMIUM, storageState: NO_CHOICE }, testMatch: FIRST_VISIT_SPECS },
    { name: "first-visit-390", use: { ...CHROMIUM, viewport: { width: 390, height: 844 }, storageState: NO_CHOICE }, testMatch: FIRST_VISIT_SPECS },
    // Specs that change what every shopper sees (stopping an experiment) run alone, after all the others.
    { name: "shop-wide", use: CHROMIUM, testMatch: SHOP_WIDE_SPECS, dependencies: ["chromium", "first-visit-1440", "first-visit-390"] },
  ],
  webServer: {
    command: "rm -rf build/e2e-data && node build/node/index.js",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    // Start migrates and seeds a fresh data folder: a loaded machine has been seen to need more than a minute.
    timeout: 180_000,
    // Every browser of the suite shares 127.0.0.1, one "client" doing hundreds of shoppers' work: limits off here;
    // they are tested in server/http/rate-limits.test.ts and tests/e2e/rate-limit.spec.ts.
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: "build/e2e-data", ENABLE_TEST_HOOKS: "true", LOG_LEVEL: "warn", JOBS: "inline", RATE_LIMITS: "off" },
  },
});
