import { expect, test, type Page } from "@playwright/test";
import { open, openDesktop } from "../shell-fixtures";
import { TAP_WITHIN_MS, tapOnFirstPaint, type TapAttempt } from "../support/first-paint-tap";

/**
 * Before and after the page's scripts (issue 26, ADR 0050; ADR 0034 and 0043), at 1440 and 390:
 * - the header menus and the hamburger are native disclosures before hydration, and the hamburger stays a <summary>
 *   after, its disclosure open exactly while the drawer is. Playwright's own tree gives <summary> no role (1.65), so the
 *   role and state are read from Chromium's accessibility tree (the one assistive technology gets) through CDP;
 * - a tap within 100 ms of the control's first paint, before the page's scripts have run, with the CPU 4x slower,
 *   takes effect (timed from the screencast's frames: support/first-paint-tap.ts; ADR 0050).
 */

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 768;

/** Chromium's accessibility node of the first element matching `selector`: role, name, and its states. */
async function axNode(page: Page, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", { nodeId, fetchRelatives: false });
    const node = nodes[0]!;
    const expanded = node.properties?.find((p) => p.name === "expanded")?.value.value as boolean | undefined;
    // An ignored node (aria-hidden, say) is not in the tree assistive technology reads.
    return { role: node.role?.value as string, name: node.name?.value as string, expanded, ...(node.ignored ? { ignored: true } : {}) };
  } finally {
    await cdp.detach();
  }
}

const HAMBURGER = 'header summary[aria-label="Open menu"]';
const SHOP = 'header details[data-menu="shop"] > summary';

test("before scripts: the hamburger and the header menus are disclosures whose state the accessibility tree reports", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: test.info().project.use.viewport!, javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto("/");
    const summary = isPhone(page) ? HAMBURGER : SHOP;
    const name = isPhone(page) ? "Open menu" : "Shop";
    // A <summary> in a named group of <details> (the header menus) is "DisclosureTriangleGrouped".
    expect(await axNode(page, summary)).toEqual({ role: expect.stringMatching(/^DisclosureTriangle/), name, expanded: false });
    await page.locator(summary).click();
    expect(await axNode(page, summary)).toEqual({ role: expect.stringMatching(/^DisclosureTriangle/), name, expanded: true });
    // The panel's links are in Playwright's tree now.
    const panel = page.getByRole("banner").getByRole("link", { name: /DS-01® Daily Synbiotic/ });
    await expect(panel).toBeVisible();
    await expect(page.getByRole("banner")).toMatchAriaSnapshot(`
      - link /DS-01® Daily Synbiotic/:
        - /url: /daily-synbiotic
    `);
  } finally {
    await context.close();
  }
});

test("after hydration: the hamburger is still a <summary>, open exactly while the drawer is; the menus are buttons that say expanded", async ({ page }) => {
  if (!isPhone(page)) {
    await openDesktop(page, "/");
    const shop = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Shop" });
    await shop.click();
    await expect(page.getByRole("button", { name: "Shop", expanded: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Shop", expanded: false })).toBeVisible();
    return;
  }
  await open(page, "/");
  expect(await axNode(page, HAMBURGER)).toEqual({ role: "DisclosureTriangle", name: "Open menu", expanded: false });
  await page.locator(HAMBURGER).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  // The disclosure's own state says open (the in-place panel stays hidden: the drawer shows the links), and assistive
  // technology still meets the hamburger, expanded, while the modal drawer hides the rest of the page.
  await expect(page.locator("header details.hamburger-disclosure")).toHaveJSProperty("open", true);
  await expect(page.locator("header .hamburger-panel")).toBeHidden();
  await expect.poll(() => axNode(page, HAMBURGER)).toEqual({ role: "DisclosureTriangle", name: "Open menu", expanded: true });
  await expect(page.getByRole("main")).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: /home/i })).toHaveCount(0);
  await expect(drawer).toMatchAriaSnapshot(`
    - dialog "Menu":
      - button "Close menu"
      - navigation "Mobile":
        - heading "Shop" [level=3]:
          - button "Shop" [expanded]
  `);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page.locator(HAMBURGER)).toBeFocused();
  expect(await axNode(page, HAMBURGER)).toEqual({ role: "DisclosureTriangle", name: "Open menu", expanded: false });
});

/** A control to tap before scripts (a CSS selector: the page's init script finds it as it is parsed), and what the tap must lead to. */
const TAPS = [
  {
    name: "the hamburger (phone) or the Shop menu (wide)",
    path: "/",
    selector: (page: Page) => (isPhone(page) ? HAMBURGER : SHOP),
    async tookEffect(page: Page) {
      if (isPhone(page)) {
        // Before scripts the disclosure opened; once React runs it becomes the drawer.
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible({ timeout: 20_000 });
        await expect(page.locator("header details.hamburger-disclosure")).toHaveJSProperty("open", true);
      } else {
        // Before scripts the disclosure opened; once the keyboard menus load, the Shop menu is open in their place (its
        // panel is portaled to the end of the page, outside the header).
        await expect(page.locator("[data-menus-ready]")).toBeAttached({ timeout: 20_000 });
        await expect(page.getByRole("button", { name: "Shop", expanded: true })).toBeVisible();
        await expect(page.getByRole("menu", { name: "Shop" }).getByRole("menuitem", { name: /DS-01® Daily Synbiotic/ })).toBeVisible();
      }
    },
  },
  {
    name: "Add to cart",
    // The refill's page sells one plan, so its Add to cart is on a wide first screen. On a phone it is below the first
    // screen (and a page's scroll to its #plans anchor comes after the first paint): not tapped there.
    path: "/daily-synbiotic-refill",
    wideOnly: true,
    selector: () => "main .plan-picker__submit",
    async tookEffect(page: Page) {
      // Before scripts Add to cart is a form to /cart (the cart cookie), after it adds in place: in the cart either way.
      await expect(async () => {
        const kept = await page.evaluate(() => `${localStorage.getItem("seed_cart_items") ?? ""} ${document.cookie}`);
        expect(kept).toContain("syn-rf");
      }).toPass({ timeout: 20_000 });
    },
  },
];

for (const tap of TAPS) {
  test(`a tap on ${tap.name} within ${TAP_WITHIN_MS} ms of its first paint, before the scripts run, on a 4x slower CPU, takes effect`, async ({ page, browser }) => {
    test.setTimeout(150_000);
    test.skip("wideOnly" in tap && isPhone(page), "below a phone's first screen");
    const viewport = page.viewportSize()!;
    const { baseURL, storageState } = test.info().project.use;
    const selector = tap.selector(page);
    // Where the control is on first paint: server HTML, laid out the same before scripts run.
    const before = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
    const plain = await before.newPage();
    await plain.goto(tap.path);
    const box = (await plain.locator(selector).first().boundingBox())!;
    await before.close();
    expect(box.y + box.height, "the control is on screen without scrolling").toBeLessThan(viewport.height);

    const report = (kind: string, { record, sinceDrawn, sinceFirstPaint, frame }: TapAttempt) =>
      test.info().annotations.push({
        type: kind,
        description: `${Math.round(sinceDrawn)} ms after the control's paint (${Math.round(sinceFirstPaint)} after the first paint), on ${record.target}; the frame that showed it stamped ${Math.round(frame.stamped)}, read ${Math.round(frame.arrived)}`,
      });
    const { page: tapped, context, attempt } = await tapOnFirstPaint({
      browser,
      contextOptions: { baseURL, viewport, storageState },
      path: tap.path,
      selector,
      box,
      onMiss: (missed) => report("missed load", missed),
    });
    try {
      report("tap", attempt);
      expect(attempt.sinceFirstPaint, "the tap came after the first paint").toBeGreaterThanOrEqual(0);
      expect(attempt.sinceDrawn, `the tap came within ${TAP_WITHIN_MS} ms of the control's paint`).toBeLessThanOrEqual(TAP_WITHIN_MS);
      expect(attempt.record.hydrated, "the tap came before the page's scripts had run").toBe(false);
      await tap.tookEffect(tapped);
    } finally {
      await context.close();
    }
  });
}
