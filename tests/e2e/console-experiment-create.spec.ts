import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, signIn, uniqueEmail } from "./shell-fixtures";
import { signInNewOwner } from "./support/console";

/**
 * An owner creates an experiment in the console (issue 36, ADR 0076), starts it, and reads a member's visit as an
 * exposure counted by the server. The experiment is new per try, its variants change nothing a shopper sees, and it is
 * stopped at the end, so the spec may run beside the others.
 */

async function expectNoViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${where}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const exposures = async (page: Page, name: string) => {
  const rows = page.getByRole("region", { name: `${name} by variant` }).getByRole("row");
  let total = 0;
  for (const variant of ["control", "warm"]) total += Number(await rows.filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${variant}`) }) }).getByRole("cell").nth(1).textContent());
  return total;
};

test("an owner creates an experiment, starts it, and a member's visit shows as an exposure", async ({ page, browser }) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(20_000);
  const name = `e2e_${Date.now().toString(36)}`;
  await signInNewOwner(page);
  await page.goto("/console/experiments");
  await page.getByText("Create an experiment", { exact: true }).click();
  const form = page.getByRole("form", { name: "Create an experiment" });
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `create form at ${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);

  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Description").fill("A warmer welcome line");
  await form.getByLabel("Variant 1 (name)").fill("warm");
  await form.getByLabel("Variant 1 weight").fill("3");
  await form.getByLabel("Audience").selectOption("members");
  await form.getByLabel("Goal event").selectOption("Order Completed");
  await form.getByRole("button", { name: "Create experiment (stopped)" }).click();
  await expect(page.getByRole("status")).toContainText(`${name} is created and stopped`);
  await expect(page.getByRole("heading", { name: new RegExp(`^${name}\\s+stopped`) })).toBeVisible();

  // The same name again is refused in words, and nothing else is created.
  await page.getByText("Create an experiment", { exact: true }).click();
  await form.getByLabel("Name", { exact: true }).fill(name);
  await form.getByLabel("Variant 1 (name)").fill("warm");
  await form.getByRole("button", { name: "Create experiment (stopped)" }).click();
  await expect(page.getByText("An experiment of that name exists already")).toBeVisible();

  await page.getByRole("button", { name: `Start ${name}` }).click();
  await expect(page.getByRole("status")).toContainText(`${name} is running`);
  expect(await exposures(page, name)).toBe(0);

  // A member opens the home page: the server draws them in (weights 1:3, all traffic) and counts the exposure.
  const member = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const memberPage = await member.newPage();
    await signIn(memberPage, { email: uniqueEmail("drawn") });
    await memberPage.goto("/");
    await expect(memberPage.getByRole("banner")).toBeVisible();
  } finally {
    await member.close();
  }
  await expect.poll(async () => (await page.reload(), await exposures(page, name))).toBe(1);

  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `/console/experiments at ${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);
  await page.getByRole("button", { name: `Stop ${name}` }).click();
  await expect(page.getByRole("status")).toContainText(`${name} is stopped`);
  await page.goto("/console/audit");
  await expect(page.getByRole("cell", { name: "experiments.draft", exact: true }).first()).toBeVisible();
});
