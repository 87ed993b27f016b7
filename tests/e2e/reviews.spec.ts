import { expect, test, type Browser, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { DESKTOP, MOBILE, open, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";
import { placeOrderByApi, signInNewOwner } from "./support/console";
import { newestEmailText, pathAfter } from "./support/journeys";

/**
 * Reviews from verified buyers (issue 35, ADR 0068), end to end: an order is marked shipped in the console, the review
 * request comes due (the job run as if 15 days had passed), the buyer opens the emailed link signed out, writes a review
 * with the keyboard-operable stars, a moderator approves it, and the product page and /reviews show it with their counts
 * and structured data moved by one. axe on the review form, /reviews and the console queue at 1440 and 390.
 */

async function signedOut(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(() => localStorage.setItem("seed_cookie_consent", JSON.stringify({ C0001: true, C0002: true, C0003: true, C0004: true, C0005: true })));
  return context.newPage();
}

/** The number in the product page's "(N reviews)" line. */
async function countOnProductPage(page: Page): Promise<number> {
  await open(page, "/daily-synbiotic");
  const text = (await page.locator(".review-summary-line__count").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

async function reviewCountInJsonLd(page: Page): Promise<number> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = scripts.map((s) => JSON.parse(s)).find((d) => d["@type"] === "Product");
  return product?.aggregateRating?.reviewCount ?? 0;
}

async function bothWidths(page: Page, name: string) {
  for (const [width, viewport] of [
    ["1440", DESKTOP],
    ["390", MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    await expectNoViolations(page, `${name} at ${width}`);
    await page.screenshot({ path: `test-results/reviews-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test("a buyer's review from the emailed link shows after approval, with counts and structured data", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("reviewer");
  const title = `Calmer mornings by week three ${Date.now().toString(36)}`;
  const { number } = await placeOrderByApi(page, email, { firstName: "Katherine", lastName: "Johnson" });
  const before = await countOnProductPage(page);
  expect(before).toBeGreaterThan(0);
  expect(await reviewCountInJsonLd(page)).toBe(before);

  // Marked shipped in the console; the request is due REVIEW_REQUEST_DAYS (14) later.
  await signInNewOwner(page);
  await page.goto("/console/orders");
  await page.getByLabel("Find orders").fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: number }).click();
  await page.getByLabel("Carrier").selectOption("ups");
  await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
  await page.getByRole("button", { name: "Mark shipped and email the customer" }).click();
  await expect(page.getByRole("status")).toHaveText(/Marked shipped with UPS/);
  const early = await (await page.request.post("/__test/reviews/send-requests", { data: { days: 13 } })).json();
  expect(early.queued).toBe(0);
  const due = await (await page.request.post("/__test/reviews/send-requests", { data: { days: 15 } })).json();
  expect(due.queued).toBeGreaterThanOrEqual(1);

  // The buyer opens the link from the mailbox, signed out.
  const text = await newestEmailText(page, email, /How is DS-01/);
  const reviewPath = pathAfter(text, "Review DS-01® Daily Synbiotic");
  expect(reviewPath).toMatch(/^\/review\/[\w-]+\.[\w-]+$/);
  const buyer = await signedOut(browser);
  await open(buyer, reviewPath);
  await expect(buyer.getByRole("heading", { level: 1, name: "How is DS-01® Daily Synbiotic working for you?" })).toBeVisible();
  await expect(buyer.getByLabel("First name shown with your review")).toHaveValue("Katherine");
  await bothWidths(buyer, "form");

  // Sent empty: each field says what is missing, and nothing is stored.
  await buyer.getByRole("button", { name: "Send my review" }).click();
  await expect(buyer.getByText("Please choose a star rating from 1 to 5.")).toBeVisible();
  // The stars are a radio group: the arrow keys choose.
  await buyer.getByRole("radio", { name: /^1 star/ }).focus();
  for (let i = 0; i < 3; i++) await buyer.keyboard.press("ArrowRight");
  await expect(buyer.getByRole("radio", { name: /^4 stars/ })).toBeChecked();
  await buyer.getByLabel("Title").fill(title);
  await buyer.getByLabel("Your review", { exact: true }).fill("I take the two capsules before coffee. Nothing for ten days, then the evening bloat I had stopped noticing went away.");
  await buyer.getByLabel("First name shown with your review").fill("Kat");
  // A photo of the jar on a counter (drawn here: the test makes its own picture).
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#dde8d6" } })
    .composite([{ input: Buffer.from('<svg width="800" height="600"><rect x="300" y="150" width="200" height="300" rx="40" fill="#1f3b2d"/></svg>'), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();
  await buyer.getByLabel(/^Photos/).setInputFiles({ name: "jar-on-counter.jpg", mimeType: "image/jpeg", buffer: photo });
  await buyer.getByRole("button", { name: "Send my review" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Thank you for your review" })).toBeVisible();
  await buyer.screenshot({ path: "test-results/reviews-thanks-1440.png", fullPage: true });
  // Pending: not on the product page yet.
  expect(await countOnProductPage(buyer)).toBe(before);
  // The same link again says it was received.
  await open(buyer, reviewPath);
  await expect(buyer.getByRole("heading", { level: 1, name: "We already have your review" })).toBeVisible();

  // A moderator approves it.
  await page.goto("/console/reviews");
  await expect(page.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card).toBeVisible();
  await bothWidths(page, "console-queue");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status")).toHaveText(/Approved/);

  // The product page: count, list and structured data moved by one.
  expect(await countOnProductPage(buyer)).toBe(before + 1);
  expect(await reviewCountInJsonLd(buyer)).toBe(before + 1);
  const reviews = buyer.getByRole("region", { name: "Reviews of DS-01® Daily Synbiotic" });
  const mine = reviews.getByRole("article", { name: title });
  await expect(mine).toContainText("Kat");
  await expect(mine).toContainText("Verified buyer");
  // The photo, served by the media library as AVIF or WebP with its size set.
  const img = mine.locator("picture img");
  await expect(img).toHaveAttribute("alt", "Photo from Kat's review of DS-01® Daily Synbiotic");
  await expect(img).toHaveAttribute("width", "800");
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  await expect(reviews).toContainText(`Based on ${before + 1} reviews`);
  await buyer.locator("#reviews").screenshot({ path: "test-results/reviews-product-section-1440.png" });
  // axe on what this feature adds to the product page: the summary line and the reviews section, at both widths.
  for (const viewport of [DESKTOP, MOBILE]) {
    await buyer.setViewportSize(viewport);
    const results = await new AxeBuilder({ page: buyer }).include(".review-summary-line").include("#reviews").analyze();
    expect(results.violations.map((v) => `product page at ${viewport.width}: ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await buyer.screenshot({ path: `test-results/reviews-product-page-${viewport.width}.png`, fullPage: true });
  }
  await buyer.setViewportSize(DESKTOP);
  // A bar filters by its rating, as a link.
  await reviews.getByRole("link", { name: /^4 stars:/ }).click();
  await expect(buyer).toHaveURL(/reviewRating=4#reviews$/);
  await expect(buyer.getByRole("article", { name: title })).toBeVisible();

  // /reviews: the product's filter counts it, the rating filter and sorting are GET links and forms.
  await open(buyer, "/reviews?line=ds01");
  await expect(buyer.locator(".reviews-page__showing")).toContainText(`${before + 1} reviews of DS-01® Daily Synbiotic`);
  await expect(buyer.getByRole("article").first()).toContainText(title);
  await buyer.getByLabel("Sort").selectOption("lowest");
  await buyer.getByRole("button", { name: "Show reviews" }).click();
  await expect(buyer).toHaveURL(/sort=lowest/);
  await expect(buyer.getByRole("article").first().getByRole("img", { name: "Rated 1 out of 5" })).toBeVisible();
  await open(buyer, "/reviews");
  await bothWidths(buyer, "all");
});
