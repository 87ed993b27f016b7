import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { answerQuiz } from "./support/journeys";

// The quiz (issue 14, part A): every step a plain form, so it runs without JavaScript; the result carries DS-01-25-OFF
// into a discounted cart once scripts run.

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  // Eight page loads: generous time for a loaded CI machine (they timed out at 30 s under a load of 30).
  test("the quiz runs step by step on plain forms, asks again when nothing is chosen, and ends in a result with the code", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto("/is-ds01-right-for-you");
    await expect(page.getByRole("heading", { level: 1, name: "Is DS-01® right for you?" })).toBeVisible();
    // Inside the shell: header and footer are there.
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await page.getByRole("button", { name: "Next question" }).click();
    await expect(page.getByRole("alert")).toHaveText("Choose an answer to continue.");
    await answerQuiz(page);
    await expect(page.getByRole("heading", { level: 1, name: "Where should we send your result?" })).toBeVisible();
    // An empty address is stopped by the browser itself (a required field); the server's own answer to one is in
    // server/modules/surveys/surveys.test.ts.
    await expect(page.locator("#quiz-email")).toHaveAttribute("required", "");
    await page.locator("#quiz-email").fill(`quiz-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "See my result" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yes: DS-01® fits what you told us");
    await expect(page.locator(".quiz-offer")).toContainText("$134.97");
    await expect(page.locator(".quiz-offer")).toContainText("$101.23");
    await expect(page.locator(".quiz-offer")).toContainText("DS-01-25-OFF");
    await expect(page.getByRole("link", { name: "Add to cart with 25% off" })).toHaveAttribute("href", "/cart?cart=syn-wk-3mo&promo_code=DS-01-25-OFF");
  });
});

test("with JavaScript: the quiz to a discounted cart", async ({ page }) => {
  await open(page, "/is-ds01-right-for-you");
  await answerQuiz(page, "Month by month");
  await page.locator("#quiz-email").fill(`quizjs-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "See my result" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yes: DS-01® fits what you told us");
  await page.getByRole("link", { name: "Add to cart with 25% off" }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(page.getByText("Promo code DS-01-25-OFF").first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator("main")).toContainText("$37.49");
});

test("a visitor who leaves the quiz picks it up where they were (issue 34)", async ({ page }) => {
  await open(page, "/is-ds01-right-for-you");
  await page.getByLabel("Myself, an adult").check();
  await page.getByRole("button", { name: "Next question" }).click();
  await expect(page.getByText("Question 2 of 6")).toBeVisible();
  await page.getByLabel("Heart health").check();
  await page.getByRole("button", { name: "Next question" }).click();
  await expect(page.getByText("Question 3 of 6")).toBeVisible();
  await open(page, "/");
  await open(page, "/is-ds01-right-for-you");
  await expect(page.getByText("Question 3 of 6")).toBeVisible();
  // The earlier answers are still there to change.
  await page.getByRole("link", { name: "Back to the previous question" }).click();
  await expect(page.getByLabel("Heart health")).toBeChecked();
});

for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test(`axe and screenshots of the quiz at ${label}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await open(page, "/is-ds01-right-for-you");
    await expectNoViolations(page, "step 1");
    await page.screenshot({ path: `test-results/shots/quiz-step1-${label}.png`, fullPage: true });
    await page.getByLabel("Myself, an adult").check();
    await page.getByRole("button", { name: "Next question" }).click();
    await expect(page.getByText("Question 2 of 6")).toBeVisible();
    await page.getByLabel("Heart health").check();
    await expectNoViolations(page, "step 2");
    await page.screenshot({ path: `test-results/shots/quiz-step2-${label}.png`, fullPage: true });
    await page.getByRole("button", { name: "Next question" }).click();
    for (const choice of ["A few times a week", "Never", "No"]) {
      await page.getByLabel(choice, { exact: true }).check();
      await page.getByRole("button", { name: "Next question" }).click();
    }
    await page.getByLabel("Six months at a time").check();
    await page.getByRole("button", { name: "See my result" }).click();
    await expectNoViolations(page, "email step");
    await page.locator("#quiz-email").fill(`quizaxe-${label}-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "See my result" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Yes: DS-01® fits what you told us");
    await expectNoViolations(page, "result");
    await page.screenshot({ path: `test-results/shots/quiz-result-${label}.png`, fullPage: true });
  });
}
