import { expect, type BrowserContext, type Page, type Request } from "@playwright/test";

/** Helpers shared by the shell's end-to-end tests. */

export const DESKTOP = { width: 1440, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export interface Shopper {
  email: string;
  firstName?: string;
  experiments?: Record<string, string>;
}

/** A fresh email per call: every test signs in its own shopper. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Signs a shopper in through the test hook; the session cookie lands in the page's context. */
export async function signIn(page: Page, shopper: Shopper): Promise<void> {
  const response = await page.request.post("/__test/session", { data: shopper });
  expect(response.ok()).toBeTruthy();
}

/** Per-visitor flag and audience overrides, e.g. "data-redesign=true" or "quizAudience=true". */
export async function setPreviewFlags(context: BrowserContext, baseURL: string | undefined, value: string): Promise<void> {
  await context.addCookies([{ name: "seed_flags", value, url: baseURL ?? "http://127.0.0.1:3100" }]);
}

/** Opens a page and waits until React has hydrated the shell, so clicks reach their handlers. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("[data-hydrated]")).toBeAttached();
}

/** On desktop the dropdowns load after hydration; wait for the interactive ones. */
export async function openDesktop(page: Page, path = "/"): Promise<void> {
  await open(page, path);
  await expect(page.locator("[data-menus-ready]")).toBeAttached();
}

/** Stores values in localStorage before any page script runs. */
export async function seedStorage(page: Page, values: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, values);
}

interface SentEvent {
  name: string;
  properties: Record<string, unknown>;
  path?: string;
}

export function eventsIn(request: Request): SentEvent[] {
  try {
    return (JSON.parse(request.postData() ?? "{}") as { events?: SentEvent[] }).events ?? [];
  } catch {
    return [];
  }
}

/** Resolves with the analytics event of that name once the page posts it to /api/events. */
export async function waitForEvent(page: Page, name: string): Promise<SentEvent> {
  const request = await page.waitForRequest(
    (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/events" && eventsIn(r).some((e) => e.name === name),
  );
  return eventsIn(request).find((e) => e.name === name)!;
}
