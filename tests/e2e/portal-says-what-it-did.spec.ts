import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, test, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, open, signIn, uniqueEmail } from "./shell-fixtures";
import { buyThroughApi as buy } from "./support/journeys";

// The machine these run on is often loaded: allow hydration and server answers time, never sleep.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

/**
 * Issue 34, points 7, 8 and 12: the portal says what each action did (with Undo), the card shows where it ships and
 * which card pays, the account home leads with the next shipment, settings start from the last order, and a plan
 * change offers the member's own product's plans as cards with their savings.
 */
async function member(page: Page, tag: string): Promise<void> {
  const email = uniqueEmail(tag);
  await buy(page, email);
  await signIn(page, { email, firstName: "Ada" });
}

async function lookAndAxe(page: Page, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/portal-screens/${name}-${width}.png`, fullPage: true });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

const status = (page: Page) => page.locator("main").getByRole("status");

for (const viewport of [DESKTOP, MOBILE]) {
  test.describe(`${viewport.width} wide`, () => {
    test.use({ viewport });

    test("the account home leads with the next shipment: date, items and amount", async ({ page }) => {
      await member(page, "home-next");
      await open(page, "/account/home");
      const next = page.getByRole("region", { name: "Your next shipment" });
      await expect(next).toContainText(/Ships and bills on [A-Z][a-z]+ \d{1,2}, \d{4}/);
      await expect(next.getByRole("table")).toContainText("DS-01® Refill (monthly)");
      await expect(next.getByRole("table")).toContainText("$49.99");
      // First on the page: before the account's places and the referral section.
      const order = await page.locator("main").evaluate((main) => {
        const sections = [...main.querySelectorAll("section, nav")].map((el) => el.getAttribute("aria-labelledby") ?? el.getAttribute("aria-label"));
        return sections;
      });
      expect(order[0]).toBe("next-shipment-title");
      await lookAndAxe(page, "home-next-shipment");
    });

    test("a delay says the new date and Undo puts the old one back; the card shows where it ships and which card pays", async ({ page }) => {
      await member(page, "undo");
      await open(page, "/account/subscriptions/");
      const card = page.getByRole("article", { name: "DS-01® Refill (monthly)" });
      await expect(card).toContainText("Ships to");
      await expect(card.locator("address")).toContainText("12 Elm Street");
      await expect(card.locator("address")).toContainText("Portland, OR, 97201");
      await expect(card).toContainText("Visa ending in 4242");
      await expect(card.getByRole("link", { name: "Change address" })).toHaveAttribute("href", "/account#shipping-address");
      await expect(card.getByRole("link", { name: "Change card" })).toHaveAttribute("href", "/account#billing");

      const dateText = async () => (await card.locator(".portal__date strong").textContent()) ?? "";
      const before = await dateText();
      await card.getByRole("button", { name: "Delay One Month" }).click();
      await expect.poll(dateText).not.toBe(before);
      const after = await dateText();
      await expect(status(page)).toContainText(`Delayed one month. Your next shipment is now on ${after} ($49.99). It was ${before}.`);
      await expect(status(page)).not.toContainText("next billing cycle");
      await lookAndAxe(page, "delay-message");

      await status(page).getByRole("button", { name: `Undo: back to ${before}` }).click();
      await expect.poll(dateText).toBe(before);
      await expect(status(page)).toContainText(`Your next shipment is now on ${before}`);

      // Ship now charges a card: it says so, and offers no undo.
      await card.getByRole("button", { name: "Ship now" }).click();
      await expect(status(page)).toContainText("Shipping now: we charge $49.99 within minutes");
      await expect(status(page).getByRole("button")).toHaveCount(0);
    });

    test("plan change: the member's own product's plans as cards with savings, never another product's; Undo goes back", async ({ page }) => {
      await member(page, "plan-cards");
      await open(page, "/account/subscriptions/");
      await page.getByRole("link", { name: "Change plan or quantity" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Change plan or quantity" })).toBeVisible();
      const choices = page.getByRole("group", { name: "How often" }).getByRole("radio");
      await expect(choices).toHaveCount(3);
      await expect(page.locator("main")).not.toContainText("VS-01");
      const three = page.locator('[data-plan="syn-rf-3mo"]');
      await expect(three).toContainText("Save 10% forever");
      await expect(three).toContainText("You save $15.00 each time against the monthly refill.");
      await expect(three).toContainText("$44.99/mo");
      await expect(page.locator('[data-plan="syn-rf-6mo"]')).toContainText("Save 15% forever");
      await expect(page.locator('[data-plan="syn-rf"]')).toContainText("Your plan now");
      await lookAndAxe(page, "plan-cards");

      await page.getByLabel(/DS-01® Refill \(every 3 months\)/).check();
      await page.getByRole("button", { name: "Preview the new price" }).click();
      await expect(page.locator(".portal__preview")).toContainText("$134.97");
      await page.getByRole("button", { name: "Confirm change" }).click();
      await expect(status(page)).toContainText(/You're now on the DS-01® Refill \(every 3 months\): \$134\.97 every 3 months from [A-Z][a-z]+ \d{1,2}, \d{4}\./);
      await lookAndAxe(page, "plan-changed");
      await status(page).getByRole("button", { name: "Undo: back to the DS-01® Refill (monthly)" }).click();
      await expect(status(page)).toContainText("You're now on the DS-01® Refill (monthly): $49.99 every month from");
      await page.getByRole("link", { name: "Back to subscriptions" }).click();
      await expect(page.getByRole("article", { name: "DS-01® Refill (monthly)" })).toBeVisible();
    });

    test("settings start from the last order's address, with country and state as choices", async ({ page }) => {
      await member(page, "prefill");
      await open(page, "/account#shipping-address");
      const address = page.getByRole("region", { name: "Shipping address" });
      await expect(address.getByRole("status")).toContainText(/From your order SD-\d+ of [A-Z][a-z]+ \d{1,2}, \d{4}\. Save it to keep it/);
      await expect(address.getByLabel("Street address")).toHaveValue("12 Elm Street");
      await expect(address.getByLabel("Country", { exact: true })).toHaveValue("US");
      await expect(address.getByLabel("State", { exact: true })).toHaveValue("OR");
      await expect(address.getByLabel("ZIP code")).toHaveValue("97201");
      await expect(address.getByText("Country (2 letters)")).toHaveCount(0);
      await lookAndAxe(page, "settings-prefilled");

      // Another country: the region becomes that country's own field.
      await address.getByLabel("Country", { exact: true }).selectOption("CA");
      await expect(address.getByLabel("Province", { exact: true })).toBeVisible();
      await address.getByLabel("Country", { exact: true }).selectOption("US");
      await address.getByLabel("State", { exact: true }).selectOption("WA");
      await address.getByLabel("City", { exact: true }).fill("Seattle");
      await address.getByLabel("ZIP code").fill("98101");
      await address.getByRole("button", { name: "Save address" }).click();
      await expect(address.getByRole("status").filter({ hasText: "Saved." })).toContainText("Your subscription ships here from its next shipment.");

      await open(page, "/account/subscriptions/");
      await expect(page.getByRole("article", { name: "DS-01® Refill (monthly)" }).locator("address")).toContainText("Seattle, WA, 98101");
    });
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: DESKTOP });

  test("settings save the prefilled address with the selects, and a delay's Undo works as a plain form", async ({ page }) => {
    await member(page, "nojs");
    await page.goto("/account");
    const address = page.getByRole("region", { name: "Shipping address" });
    await expect(address.getByLabel("State", { exact: true })).toHaveValue("OR");
    await address.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("region", { name: "Shipping address" }).getByText(/^Saved\./)).toBeVisible();

    await page.goto("/account/subscriptions/");
    const card = page.getByRole("article", { name: "DS-01® Refill (monthly)" });
    const before = (await card.locator(".portal__date strong").textContent()) ?? "";
    await card.getByRole("button", { name: "Delay Two Months" }).click();
    await expect(page.locator("main").getByText(/^Delayed two months\./)).toBeVisible();
    await page.getByRole("button", { name: `Undo: back to ${before}` }).click();
    await expect(page.getByRole("article", { name: "DS-01® Refill (monthly)" }).locator(".portal__date strong")).toHaveText(before);
  });
});
