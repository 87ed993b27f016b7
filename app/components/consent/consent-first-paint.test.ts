import { describe, expect, it } from "vitest";
import { CONSENT_FIRST_PAINT_SCRIPT } from "./consent-first-paint";

/**
 * The inline <head> script of ADR 0061, run against a stand-in document and window (Chromium runs the real one in
 * tests/e2e/first-visit/banner.spec.ts): it marks <html> decided exactly when a choice is stored, survives blocked
 * storage, and keeps a press on the banner before hydration.
 */
type Listener = (event: { target: unknown }) => void;

function run(stored: string | null | "blocked") {
  const attributes = new Map<string, string>();
  const listeners: Listener[] = [];
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
  };
  const window: Record<string, unknown> = {
    localStorage: {
      getItem: (key: string) => {
        if (stored === "blocked") throw new Error("SecurityError");
        return key === "seed_cookie_consent" ? stored : null;
      },
    },
  };
  // The script is `(function(d,w){...})(document,window)`: run it with the stand-ins bound to those names.
  new Function("document", "window", CONSENT_FIRST_PAINT_SCRIPT)(document, window);
  const press = (choice: string | null) => {
    const button = { getAttribute: () => choice };
    for (const l of listeners) l({ target: { closest: (selector: string) => (choice && selector === "[data-consent-choice]" ? button : null) } });
  };
  return { attributes, window, press };
}

describe("the consent script in <head>", () => {
  it("marks <html> decided when a choice is stored, and only then", () => {
    expect(run('{"C0001":true}').attributes.get("data-consent")).toBe("decided");
    expect(run(null).attributes.has("data-consent")).toBe(false);
    expect(run("blocked").attributes.has("data-consent")).toBe(false);
  });

  it("keeps a press before hydration for the banner to save, and hides the banner unless it opens the preferences", () => {
    const refused = run(null);
    refused.press("necessary");
    expect(refused.window.__seedConsentPress).toBe("necessary");
    expect(refused.attributes.get("data-consent")).toBe("decided");

    const preferences = run(null);
    preferences.press("preferences");
    expect(preferences.window.__seedConsentPress).toBe("preferences");
    expect(preferences.attributes.has("data-consent")).toBe(false);

    const elsewhere = run(null);
    elsewhere.press(null);
    expect(elsewhere.window.__seedConsentPress).toBeUndefined();
  });

  it("stands aside once the banner has taken the early press (React handles presses from then on)", () => {
    const page = run(null);
    page.window.__seedConsentPress = null;
    page.press("all");
    expect(page.window.__seedConsentPress).toBeNull();
    expect(page.attributes.has("data-consent")).toBe(false);
  });
});
