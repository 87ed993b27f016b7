import { defineConfig, devices } from "@playwright/test";

// End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built shop,
// started fresh on its own PGlite folder with test hooks on.
const PORT = Number(process.env.E2E_PORT ?? 3100);
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1440, height: 900 } } }],
  webServer: {
    command: "rm -rf build/e2e-data && node build/node/index.js",
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Every browser of the suite shares 127.0.0.1, one "client" doing hundreds of shoppers' work: limits off here;
    // they are tested in server/http/rate-limits.test.ts and tests/e2e/rate-limit.spec.ts.
    env: { PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: "build/e2e-data", ENABLE_TEST_HOOKS: "true", LOG_LEVEL: "warn", JOBS: "inline", RATE_LIMITS: "off" },
  },
});
