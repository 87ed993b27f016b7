import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe on the page as it stands; a failure names where it looked, each rule and the elements that broke it. */
export async function expectNoViolations(page: Page, where = ""): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const prefix = where ? `${where}: ` : "";
  expect(results.violations.map((v) => `${prefix}${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
