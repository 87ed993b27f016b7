import { expect, test, type Page } from "@playwright/test";
import { open } from "./shell-fixtures";

// Popups open by id through the popup_open window event and close with Escape (SPEC.md sections 2 and 4).

const cookiePopup = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });
const consentSwitch = (page: Page, id: string) => cookiePopup(page).locator(`[data-consent="${id}"]`);

const dispatchPopupOpen = (page: Page, detail: unknown) =>
  page.evaluate((d) => window.dispatchEvent(new CustomEvent("popup_open", { detail: d })), detail);

test.describe("popups", () => {
  test("popup_open with a bare id opens the popup; Escape closes it", async ({ page }) => {
    await open(page, "/");
    await dispatchPopupOpen(page, "cookie-preferences");
    await expect(cookiePopup(page)).toBeVisible();
    expect(await cookiePopup(page).evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(/^0\.5s/);
    await page.keyboard.press("Escape");
    await expect(cookiePopup(page)).toBeHidden();
  });

  test("popup_open with {id, data} opens it too; unknown ids are ignored", async ({ page }) => {
    await open(page, "/");
    await dispatchPopupOpen(page, "no-such-popup");
    await page.waitForTimeout(300);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await dispatchPopupOpen(page, { id: "cookie-preferences", data: { from: "test" } });
    await expect(cookiePopup(page)).toBeVisible();
    await cookiePopup(page).getByRole("button", { name: "Close" }).click();
    await expect(cookiePopup(page)).toBeHidden();
  });

  test("Cookie Preferences: strictly necessary stays on, choices are saved to storage", async ({ page }) => {
    await open(page, "/");
    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie Preferences" }).click();
    await expect(cookiePopup(page)).toBeVisible();
    const necessary = consentSwitch(page, "C0001");
    await expect(necessary).toHaveAttribute("aria-checked", "true");
    await expect(necessary).toHaveAttribute("aria-disabled", "true");
    for (const id of ["C0002", "C0003", "C0004", "C0005"]) await expect(consentSwitch(page, id)).toHaveAttribute("aria-checked", "true");

    await consentSwitch(page, "C0004").click();
    await expect(consentSwitch(page, "C0004")).toHaveAttribute("aria-checked", "false");
    await cookiePopup(page).getByRole("button", { name: "Save Preferences" }).click();
    await expect(cookiePopup(page)).toBeHidden();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("seed_cookie_consent") ?? "null"));
    expect(stored).toEqual({ C0001: true, C0002: true, C0003: true, C0004: false, C0005: true });

    await dispatchPopupOpen(page, "cookie-preferences");
    await expect(consentSwitch(page, "C0004")).toHaveAttribute("aria-checked", "false");
  });
});
