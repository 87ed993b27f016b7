import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, uniqueEmail } from "./shell-fixtures";
import { expectNoViolations } from "./support/axe";

// The content site (issue 14): every CMS block type on a real page, the mail forms and the newsletter with and
// without JavaScript, and axe on every content page at 1440 and 390.

const CONTENT_PAGES = [
  "/", "/approach", "/science", "/cultured/", "/cultured/microbiome-101", "/cultured/probiotics-101", "/cultured/why-capsule-design-matters",
  "/reference", "/reference/syn-wk", "/reference/pds-wk", "/reference/vs-wk", "/sustainability", "/seedlabs", "/reviews", "/practitioners",
  "/seeduniversity", "/join-us/", "/contact", "/press", "/privacy-policy", "/terms-conditions", "/subscription-terms", "/accessibility",
  "/consumer-health-data", "/shipping", "/faq", "/entire-world", "/newsletter",
];

test.describe("CMS blocks on the home page", () => {
  test.use({ viewport: DESKTOP });

  test("all nine block types render with their fields", async ({ page }) => {
    await open(page, "/");
    for (const type of ["section", "accordion", "button", "heading", "paragraph", "poster", "slider", "small-text", "table"]) {
      await expect(page.locator(`[data-block="${type}"]`).first(), type).toBeAttached();
    }
    // Section: the hero band carries the page's one h1.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/DS-01® Daily Synbiotic/);
    await expect(page.locator("h1")).toHaveCount(1);
    // Heading with-number: two-digit numbers in order.
    await expect(page.locator("#how-it-works .block-heading-number")).toHaveText(["01", "02", "03"]);
    // Button: a link to its target with its label.
    await expect(page.locator("#hero-buy")).toHaveAttribute("href", "/daily-synbiotic");
    // Poster: image with alt text, sized so nothing shifts, the first one loaded eagerly.
    const img = page.locator('[data-block="poster"] img').first();
    await expect(img).toHaveAttribute("alt", /DS-01/);
    await expect(img).toHaveAttribute("loading", "eager");
    // Slider: every slide is in the page, the strip scrolls sideways.
    await expect(page.locator(".block-slide")).toHaveCount(4);
    // Table: the first row is the header.
    await expect(page.locator('#sustainability [data-block="table"] thead th').first()).toHaveText("What ships");
    // Accordion: opens with the keyboard and shows its answer.
    const question = page.locator("summary", { hasText: "Do I need to keep it in the fridge?" });
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/keep the strains stable at room temperature/)).toBeVisible();
    // Small text: the regulator's disclaimer.
    await expect(page.locator('[data-block="small-text"]').last()).toContainText("not been evaluated by the Food and Drug Administration");
  });

  test("a reference page's strain table shows its scroll bullets on a phone", async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await open(page, "/reference/syn-wk");
    await expect(page.getByRole("table", { name: "Probiotic strains" })).toBeVisible();
    await expect(page.getByTestId("table-bullets").first()).toBeVisible();
    await expect(page.getByRole("rowheader", { name: "Total" })).toBeAttached();
  });

  test("an article shows its byline, reading time and related products; the index lists eight or more", async ({ page }) => {
    await open(page, "/cultured/");
    expect(await page.locator(".article-card").count()).toBeGreaterThanOrEqual(8);
    await page.getByRole("link", { name: "Microbiome 101: the community inside you" }).click();
    await expect(page).toHaveURL(/\/cultured\/microbiome-101$/);
    await expect(page.locator(".article-byline").first()).toContainText(/By Seed Research Team.*min read/);
    await expect(page.getByRole("heading", { name: "Related products" })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').evaluateAll((els) => els.map((e) => JSON.parse(e.textContent ?? "{}")["@type"]));
    expect(jsonLd).toEqual(expect.arrayContaining(["Article", "BreadcrumbList"]));
  });

  test("Our Scientists and Do Not Sell land on real sections", async ({ page }) => {
    await page.goto("/approach#scientists");
    await expect(page.locator("#scientists")).toContainText("Our scientists");
    await page.goto("/privacy-policy#do-not-sell");
    await expect(page.locator("#do-not-sell")).toContainText("Global Privacy Control");
  });
});

test.describe("forms", () => {
  test.use({ viewport: DESKTOP });

  test("the practitioners form shows field errors, then is accepted (with JavaScript)", async ({ page }) => {
    await open(page, "/practitioners");
    const form = page.locator("#hcp-form");
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByRole("alert")).toHaveText("Kindly check the fields marked below.");
    await expect(form.getByText("Kindly enter your name.")).toBeVisible();
    await form.getByLabel("Full name").fill("Dr. Ada Moss");
    await form.getByLabel("Work email").fill(uniqueEmail("hcp"));
    await form.getByLabel("Practice or clinic").fill("Moss Family Practice");
    await form.getByLabel("Licence or registration number").fill("MD-55120");
    await form.getByLabel("Country you practise in").selectOption("US");
    await form.getByRole("button", { name: "Send application" }).click();
    await expect(form.getByRole("status")).toHaveText(/Your application is in/);
  });

  test.describe("before JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the SeedUniversity form posts and is acknowledged", async ({ page }) => {
      await page.goto("/seeduniversity");
      const form = page.locator("#university-form");
      await form.getByLabel("Full name").fill("Sam Lee");
      await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("uni"));
      await form.getByLabel("School or university").fill("State University");
      await form.getByLabel("Course or class").fill("Microbiology 101");
      await form.getByRole("button", { name: "Send request" }).click();
      await expect(page.locator("#university-form").getByRole("status")).toHaveText(/Your request is in/);
    });

    test("the contact form reaches care", async ({ page }) => {
      await page.goto("/contact");
      const form = page.locator("#contact-form");
      await form.getByLabel("Full name").fill("Kim Park");
      await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("contact"));
      await form.getByLabel("Topic").selectOption("My subscription");
      await form.getByLabel("Message").fill("Please move my next shipment by a week.");
      await form.getByRole("button", { name: "Send message" }).click();
      await expect(page.locator("#contact-form").getByRole("status")).toHaveText(/reached our care team/);
    });

    test("the footer newsletter form posts to /newsletter with the same messages", async ({ page }) => {
      await page.goto("/approach");
      const footer = page.getByRole("contentinfo");
      await footer.getByLabel("Email address").fill("not-an-email");
      await footer.getByRole("button", { name: "Sign Up" }).click();
      await expect(page).toHaveURL(/\/newsletter$/);
      await expect(page.getByRole("main").getByRole("alert")).toHaveText("Kindly enter a valid email address.");
      await page.locator("#newsletter-page-email").fill(uniqueEmail("news"));
      await page.locator("main").getByRole("button", { name: "Sign Up" }).click();
      await expect(page.getByRole("main").getByRole("status")).toHaveText(/^Email in\. Thank you\./);
      await expect(page.getByRole("link", { name: "Back to where you were" })).toHaveAttribute("href", "/approach");
    });
  });

  test("the footer newsletter with JavaScript stays on the page", async ({ page }) => {
    await open(page, "/press");
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Email address").fill(uniqueEmail("newsjs"));
    await footer.getByRole("button", { name: "Sign Up" }).click();
    await expect(footer.getByRole("status")).toHaveText(/^Email in\. Thank you\./);
    await expect(page).toHaveURL(/\/press$/);
  });
});

for (const [label, viewport] of [["1440", DESKTOP], ["390", MOBILE]] as const) {
  test.describe(`axe on every content page at ${label}`, () => {
    test.use({ viewport });
    for (const path of CONTENT_PAGES) {
      test(path, async ({ page }) => {
        test.setTimeout(90_000);
        await page.goto(path);
        await expectNoViolations(page, path);
      });
    }
  });
}
