import { expect, test, type Page } from "@playwright/test";
import { open, setPreviewFlags, uniqueEmail } from "../shell-fixtures";
import { addPlanToCart, newestEmailText, pathAfter, placeOrder } from "../support/journeys";

/**
 * Welcomed after (issue 34, points 2 and 11; ADR 0063) as a newcomer meets it: a guest who never answers the cookie
 * banner buys, at 1440 (first-visit-1440) and 390 (first-visit-390). The thank-you page shows the delivery estimate,
 * the referral offer and the claim, never the quiz banner; the confirmation email's order, invoice and manage links
 * open in another browser, signed out and with the banner unanswered there too.
 */
test.describe.configure({ timeout: 120_000 });

const banner = (page: Page) => page.getByTestId("consent-banner");
const quizBanner = (page: Page) => page.getByRole("complementary", { name: "Quiz" });
const unanswered = (page: Page) => page.evaluate(() => localStorage.getItem("seed_cookie_consent"));

test.afterEach(async ({ page }) => {
  expect(await unanswered(page), "the banner was never answered").toBeNull();
});

test("a guest buys; thank-you welcomes them; the email's order, invoice and manage links work signed out", async ({ page, context, baseURL, browser }) => {
  // In the quiz's audience, so its banner's absence after paying says something.
  await setPreviewFlags(context, baseURL, "quizAudience=true");
  await open(page, "/");
  await expect(banner(page)).toBeVisible();
  await expect(quizBanner(page)).toBeVisible();

  const email = uniqueEmail("first-welcomed");
  await addPlanToCart(page, "/daily-synbiotic", "syn-wk");
  await page.getByRole("link", { name: "View cart" }).click();
  await page.getByRole("main").getByRole("link", { name: "Checkout" }).click();
  await placeOrder(page, email, /\$49\.99/);
  await expect(banner(page)).toBeVisible();
  const number = (await page.locator(".thank-you__eyebrow").textContent())!.replace("Order ", "");

  // Thank-you: when it arrives, the referral ask, the claim, and no quiz.
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Estimated delivery" })).toBeVisible();
  await expect(main.getByRole("region", { name: "Delivery and payment" })).toContainText(/[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}/);
  await expect(main.getByRole("link", { name: "Get my referral link" })).toHaveAttribute("href", "/account/refer?traffic_source=thank_you");
  await expect(quizBanner(page)).toHaveCount(0);
  const claim = main.getByRole("region", { name: "Create your account" });
  await expect(claim).toContainText(email);
  await claim.getByRole("button", { name: "Email me the link" }).click();
  await expect(claim.getByRole("status")).toHaveText(/Check your inbox: we have sent a link to finish/);

  // The confirmation email, from the development mailbox.
  const text = await newestEmailText(page, email, /Your Seed order/);
  const orderPath = pathAfter(text, "View your order");
  const invoicePath = pathAfter(text, "Invoice");
  const managePath = pathAfter(text, "Manage it \\(skip a shipment, cancel\\), no password needed");

  // Another browser, signed out, the banner shown there and never answered either.
  const guestContext = await browser.newContext({ viewport: page.viewportSize()! });
  const guest = await guestContext.newPage();
  try {
    await open(guest, orderPath);
    await expect(banner(guest)).toBeVisible();
    await expect(guest.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
    await expect(guest.getByText(`Order ${number}`)).toBeVisible();

    await guest.getByRole("link", { name: "View invoice" }).click();
    await expect(guest.getByRole("heading", { name: "Invoice" })).toBeVisible();
    await expect(guest.getByText(`Invoice number: ${number}`)).toBeVisible();
    expect(new URL(guest.url()).pathname + new URL(guest.url()).search).toBe(invoicePath);

    await open(guest, managePath);
    await expect(guest.getByRole("heading", { level: 1 })).toContainText("DS-01");
    await guest.getByRole("link", { name: "Skip the next shipment" }).click();
    await expect(guest.getByRole("heading", { name: "Skip this shipment" })).toBeVisible();
    expect(await unanswered(guest), "the banner was never answered in the guest's browser").toBeNull();
  } finally {
    await guestContext.close();
  }
});
