import { defineConfig } from "vitest/config";

// Unit tests (domain/, app/) run once; server tests run on PGlite and, when a PostgreSQL answers
// (scripts/test.mjs sets TEST_POSTGRES_URL), again on PostgreSQL.
// tests/security/ is the standing attack suite: every attack we know of, each a test that fails if the hole comes back.
const serverFiles = ["server/**/*.test.ts", "tests/security/**/*.test.ts"];
const postgres = process.env.TEST_POSTGRES_URL;
// One migrated, seeded database per run that each test shop copies (server/testing/test-template.ts, issue 38).
const TEMPLATE = "server/testing/template.global-setup.ts";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts"] } },
      { extends: true, test: { name: "pglite", include: serverFiles, env: { TEST_DB: "pglite" }, globalSetup: [TEMPLATE], testTimeout: 30_000, hookTimeout: 60_000 } },
      ...(postgres
        ? [{ extends: true as const, test: { name: "postgres", include: serverFiles, env: { TEST_DB: "postgres", TEST_POSTGRES_URL: postgres }, globalSetup: [TEMPLATE], testTimeout: 30_000, hookTimeout: 60_000 } }]
        : []),
    ],
  },
});
