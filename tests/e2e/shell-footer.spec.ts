import { expect, test, type Page } from "@playwright/test";
import { MOBILE, open, waitForEvent } from "./shell-fixtures";

// Footer: newsletter form (SPEC.md sections 2 and 4), link sections, legal row and disclaimer.

const footer = (page: Page) => page.getByRole("contentinfo");
const emailField = (page: Page) => footer(page).getByRole("textbox", { name: "Email address" });
const signUp = (page: Page) => footer(page).getByRole("button", { name: /Sign Up|Signing up/ });
const status = (page: Page) => footer(page).getByRole("status");
const isNewsletterPost = (url: string) => new URL(url).pathname === "/api/newsletter";

test.describe("newsletter form", () => {
  test("lowercases as typed, subscribes, reports Email Submitted and shows the success message for 5 s", async ({ page }) => {
    // A paused fake clock: the 5 s timer only moves when the test says so.
    await page.clock.install({ time: new Date("2026-03-01T09:00:00Z") });
    // The page's own "Page Viewed" leaves first, while the clock still runs: tracked after the pause, it would move
    // the batch's one-second wait past the runFor below (a batch leaves a second after its last event).
    const viewed = waitForEvent(page, "Page Viewed");
    await open(page, "/science");
    await viewed;
    await page.clock.pauseAt(new Date("2026-03-01T09:01:00Z"));
    await expect(footer(page)).toContainText("By signing up, you consent to receive emails");
    await emailField(page).fill("Ada.Lovelace@Example.COM");
    await expect(emailField(page)).toHaveValue("ada.lovelace@example.com");

    const posted = page.waitForRequest((r) => isNewsletterPost(r.url()) && r.method() === "POST");
    const submitted = waitForEvent(page, "Email Submitted");
    await signUp(page).click();
    expect((await posted).postDataJSON()).toEqual({ email: "ada.lovelace@example.com", path: "/science" });
    await expect(status(page)).toHaveText(/^Email in\. Thank you\./);
    await expect(emailField(page)).toHaveValue("");
    // Analytics events leave in batches a second after the last one (ADR 0013): move the paused clock on.
    await page.clock.runFor(1100);
    const event = await submitted;
    expect(event.properties).toMatchObject({ email: "ada.lovelace@example.com", path: "/science" });
    expect(event.properties.hashedEmail).toMatch(/^[0-9a-f]{64}$/);

    await page.clock.runFor(3800);
    await expect(status(page)).toHaveText(/^Email in\. Thank you\./);
    await page.clock.runFor(200);
    await expect(status(page)).toHaveText("");
  });

  test("an invalid email shows the catalogue message and sends nothing", async ({ page }) => {
    await open(page, "/");
    let sent = 0;
    page.on("request", (r) => isNewsletterPost(r.url()) && sent++);
    await emailField(page).fill("not-an-email");
    await signUp(page).click();
    await expect(status(page)).toHaveText("Kindly enter a valid email address.");
    await expect(emailField(page)).toHaveAttribute("aria-invalid", "true");
    expect(sent).toBe(0);

    await emailField(page).fill("fixed@example.com");
    await expect(status(page)).toHaveText("");
  });

  test("a second submit while the first is in flight is ignored", async ({ page }) => {
    await open(page, "/");
    let calls = 0;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/newsletter", async (route) => {
      calls++;
      await held;
      await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ hashedEmail: "a".repeat(64) }) });
    });
    await emailField(page).fill("twice@example.com");
    // Two clicks in a row, then Enter while the first request is still held by the route above.
    await signUp(page).dblclick();
    await expect(signUp(page)).toHaveText("Signing up…");
    await emailField(page).press("Enter");
    await signUp(page).click({ force: true });
    release();
    await expect(status(page)).toHaveText(/^Email in\. Thank you\./);
    expect(calls).toBe(1);
  });

  test("a server failure is an error state, not a success", async ({ page }) => {
    await open(page, "/");
    await page.route("**/api/newsletter", (route) => route.fulfill({ status: 503, body: "{}" }));
    await emailField(page).fill("later@example.com");
    await signUp(page).click();
    await expect(status(page)).toContainText("Kindly try again");
  });
});

test.describe("footer links", () => {
  test("desktop shows columns, the legal row, social links and the disclaimer", async ({ page }) => {
    await open(page, "/");
    const columns = footer(page).getByTestId("footer-columns");
    await expect(columns).toBeVisible();
    await expect(footer(page).getByTestId("footer-accordion")).toBeHidden();
    for (const title of ["Shop", "Help", "Support", "Science", "Company"]) {
      await expect(columns.getByRole("heading", { name: title })).toBeVisible();
    }
    await expect(columns.getByRole("link", { name: "Refer a Friend" })).toHaveAttribute("href", "/account/refer");
    for (const name of ["Privacy", "Terms", "Shipping + Billing", "Do Not Sell or Share My Personal Information", "Consumer Health Data", "Accessibility"]) {
      await expect(footer(page).getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(footer(page).getByRole("button", { name: "Cookie Preferences" })).toBeVisible();
    await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} Seed Health`);
    await expect(footer(page).getByRole("link", { name: "Instagram" })).toHaveAttribute("target", "_blank");
    await expect(footer(page)).toContainText("not been evaluated by the Food and Drug Administration");
  });

  test("phones get the sections as accordions", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await open(page, "/");
    const accordion = footer(page).getByTestId("footer-accordion");
    await expect(footer(page).getByTestId("footer-columns")).toBeHidden();
    const help = accordion.locator("details", { hasText: "Help" });
    await expect(help.getByRole("link", { name: "FAQ" })).toBeHidden();
    await help.locator("summary").click();
    await expect(help.getByRole("link", { name: "FAQ" })).toBeVisible();
  });
});
