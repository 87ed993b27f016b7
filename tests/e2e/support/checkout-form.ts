import { expect, type Page } from "@playwright/test";

/** The contact and shipping fields, as a US shopper in Portland fills them. */
export async function fillContactAndAddress(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Address", { exact: true }).fill("12 Elm Street");
  await page.getByLabel("City").fill("Portland");
  await page.getByLabel("State").selectOption("OR");
  await page.getByLabel("ZIP code").fill("97201");
}

/** The contact and shipping fields, as a shopper in Toronto fills them (Country first: it brings Province and Postal code). */
export async function fillCanadianContactAndAddress(page: Page, email: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Lucy");
  await page.getByLabel("Last name").fill("Montgomery");
  await page.getByLabel("Country").selectOption("CA");
  await page.getByLabel("Address", { exact: true }).fill("8 Queen Street");
  await page.getByLabel("City").fill("Toronto");
  await page.getByLabel("Province").selectOption("ON");
  await page.getByLabel("Postal code").fill("M5H 2N2");
}

/** Fills the checkout form as a US shopper would, with the given email and card, and ticks the certification. */
export async function fillCheckout(page: Page, { email, card }: { email: string; card: string }): Promise<void> {
  await fillContactAndAddress(page, email);
  await fillCardAndCertify(page, card);
}

/** The card fields (any future expiry), the health certification and, for a subscription, the renewal consent. */
export async function fillCardAndCertify(page: Page, card: string): Promise<void> {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 30");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await certify(page);
}

/** The renewal consent box, as checkout labels it (shown only when something in the cart renews). */
export const renewalConsent = (page: Page) => page.getByLabel(/my subscription renews automatically/);

/**
 * Ticks the health certification and, once the server's priced summary says whether anything renews, the renewal
 * consent when it is asked.
 */
export async function certify(page: Page): Promise<void> {
  await page.getByLabel(/I confirm I am 18 or older/).check();
  await expect(page.getByRole("button", { name: /^Place order .*\d/ })).toBeVisible();
  if (await renewalConsent(page).isVisible()) await renewalConsent(page).check();
}
