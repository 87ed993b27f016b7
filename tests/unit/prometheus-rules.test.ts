import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { PROMTOOL, PROMTOOL_MISSING, promtool } from "../../server/testing/promtool";

const RULES = resolve(import.meta.dirname, "../../ops/prometheus");

/**
 * The shipped alert rules parse, and each alert's unit tests pass (ops/prometheus/alerts.test.yml: worker dead, queue
 * stalled, outbox age, emails failing, dunning failure rate, checkout declines, 5xx rate, slow pages, pool exhausted,
 * process down, each in its situation and in the nearest quiet one).
 */
describe("Prometheus alert rules (ops/prometheus)", () => {
  it.runIf(PROMTOOL)("promtool check rules accepts alerts.yml", () => {
    const check = promtool(["check", "rules", join(RULES, "alerts.yml")]);
    expect(check.output).toContain("SUCCESS");
    expect(check.status).toBe(0);
  });

  it.runIf(PROMTOOL)("promtool test rules passes alerts.test.yml, with a test for every alert", () => {
    const run = promtool(["test", "rules", join(RULES, "alerts.test.yml")]);
    expect(run.output).toContain("SUCCESS");
    expect(run.status).toBe(0);
  });

  it.runIf(PROMTOOL)("promtool check config accepts the example scrape configuration (job shop, loading alerts.yml)", () => {
    const check = promtool(["check", "config", join(RULES, "prometheus.example.yml")]);
    expect(check.output).toContain("1 rule files found");
    expect(check.status).toBe(0);
  });

  it("every alert in alerts.yml is named in an alert_rule_test of alerts.test.yml", () => {
    const alerts = [...readFileSync(join(RULES, "alerts.yml"), "utf8").matchAll(/^\s*- alert: (\w+)/gm)].map((m) => m[1]);
    const tested = new Set([...readFileSync(join(RULES, "alerts.test.yml"), "utf8").matchAll(/alertname: (\w+)/g)].map((m) => m[1]));
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    expect(alerts.filter((a) => !tested.has(a))).toEqual([]);
  });

  it.skipIf(PROMTOOL)(PROMTOOL_MISSING, () => {});
});
