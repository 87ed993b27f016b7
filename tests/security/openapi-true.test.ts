import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { fromRoot } from "../../server/lib/root";
import { SESSION_COOKIE, startSession } from "../../server/modules/auth";
import { findOrCreateCustomer } from "../../server/modules/customers";
import { createTestStaff, signInTestStaff } from "../../server/testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../server/testing/test-shop";

/**
 * Issue 33, point 12 (low): /api/openapi.json declared no security scheme on any operation, carried a stray
 * `"middleware": [null]` that made it invalid, and 29 operations answered statuses it did not list (every console
 * operation 401, documented 200/400 only). Now Redocly's recommended rules find no error in it, and every operation,
 * called by a stranger, a member and an owner of the console with bad input, answers only statuses it documents.
 */
type Operation = {
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

const run = promisify(execFile);

describe(`the OpenAPI document is valid and true (${testDriver()})`, { timeout: 300_000 }, () => {
  let shop: TestShop;
  let app: ReturnType<typeof createApp>;
  let doc: Document;
  const who: Record<"stranger" | "member" | "staff", string> = {
    stranger: "",
    member: "",
    staff: "",
  };

  beforeAll(async () => {
    shop = await openTestShop();
    app = createApp(shop);
    doc = await (await app.request("/api/openapi.json")).json();
    who.member = `${SESSION_COOKIE}=${(await startSession(shop, await findOrCreateCustomer(shop, "openapi@example.com"))).token}`;
    who.staff = await signInTestStaff(app, shop, await createTestStaff(shop, "owner"));
  }, 120_000);
  afterAll(() => shop.cleanup());

  it("Redocly's recommended rules find no error (offline, no telemetry)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "openapi-"));
    try {
      const file = join(dir, "openapi.json");
      writeFileSync(file, JSON.stringify(doc));
      const cli = fromRoot("node_modules/@redocly/cli/bin/cli.js");
      const env = {
        ...process.env,
        REDOCLY_TELEMETRY: "off",
        REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
        NO_COLOR: "1",
      };
      // lint exits 1 when it finds errors; the JSON report on stdout says which.
      const { stdout } = await run(process.execPath, [cli, "lint", file, "--extends", "recommended", "--format", "json"], { cwd: dir, env }).catch((e) => e);
      const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
        totals: { errors: number };
        problems: {
          severity: string;
          ruleId: string;
          message: string;
          location: { pointer: string }[];
        }[];
      };
      const errors = report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("declares who may call each operation: a session scheme, or none for anyone", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        expect(op.security, `${method} ${path}`).toBeDefined();
        expect(Object.keys(op), `${method} ${path}`).not.toContain("middleware");
        if (path.startsWith("/api/console/")) expect(op.security!.length === 0 || op.security![0]!.staffSession !== undefined, `${method} ${path}`).toBe(true);
      }
    }
  });

  it("every operation, called with bad input by a stranger, a member and a console owner, answers only what it documents", async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        path,
        method: method.toUpperCase(),
        op,
      })),
    );
    // Calls that end the caller's session go last, so the others still see it.
    const endsSession = (path: string) => /logout|sign-out|revoke-all|\/sessions\/\{id\}|user\/delete/.test(path);
    operations.sort((a, b) => Number(endsSession(a.path)) - Number(endsSession(b.path)));
    const undocumented: string[] = [];
    for (const identity of ["stranger", "member", "staff"] as const) {
      for (const { path, method, op } of operations) {
        for (const param of ["x", "00000000-0000-4000-8000-000000000000"]) {
          if (param !== "x" && !path.includes("{")) continue;
          const url = path.replace(/\{[^}]+\}/g, param);
          const bodies: (RequestInit & { label: string })[] = op.requestBody
            ? [
                {
                  label: "{}",
                  body: "{}",
                  headers: { "content-type": "application/json" },
                },
                {
                  label: "not JSON",
                  body: "a=1",
                  headers: {
                    "content-type": "application/x-www-form-urlencoded",
                  },
                },
                {
                  label: "too large",
                  body: JSON.stringify({ a: "x".repeat(70_000) }),
                  headers: { "content-type": "application/json" },
                },
              ]
            : [{ label: "no body" }];
          for (const { label, ...init } of bodies) {
            const headers = {
              ...(init.headers as Record<string, string>),
              ...(who[identity] ? { cookie: who[identity] } : {}),
              origin: "http://localhost",
            };
            const res = await app.request(`http://localhost${url}`, {
              ...init,
              method,
              headers,
              redirect: "manual",
            });
            await res.body?.cancel();
            if (!(String(res.status) in op.responses))
              undocumented.push(
                `${method} ${path} (${identity}, ${label}) (${param}) answered ${res.status}, documents ${Object.keys(op.responses).join(", ")}`,
              );
            if (identity === "stranger" && res.status === 401 && (op.security ?? []).length === 0)
              undocumented.push(`${method} ${path} answers a stranger 401 but declares no session`);
          }
        }
      }
    }
    expect(undocumented).toEqual([]);
  });
});
