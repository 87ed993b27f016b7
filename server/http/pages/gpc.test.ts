import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import * as contentPage from "../../../app/routes/content/content-page";
import type { DocumentHandler } from "./document";
import { PageCache } from "./page-cache";

/**
 * Global Privacy Control: a browser sending Sec-GPC: 1 is opted out of sale and sharing, the privacy policy's
 * #do-not-sell says it was honoured, and the page cache never hands one visitor's version to the other.
 * The page's loader runs with the real load context; tests/e2e/gpc.spec.ts renders it in Chromium.
 */
describe(`Global Privacy Control (${testDriver()})`, () => {
  let shop: TestShop;
  let renders = 0;
  const document: DocumentHandler = async (request, context) => {
    renders++;
    const path = new URL(request.url).pathname;
    const loaded = path === "/privacy-policy" ? await contentPage.loader({ request, context, params: {} } as never) : null;
    return new Response(`<!doctype html><p data-gpc="${context.gpc}" data-page-gpc="${(loaded as { gpc?: boolean } | null)?.gpc ?? "-"}">page</p>`, {
      status: 200,
      headers: { "content-type": "text/html" },
    });
  };
  beforeAll(async () => {
    shop = await openTestShop();
  }, 180_000);
  afterAll(() => shop.cleanup());

  it("the load context and the privacy page's loader know the signal from Sec-GPC: 1 (and only from exactly 1)", async () => {
    const app = createApp(shop, { document });
    expect(await (await app.request("/privacy-policy", { headers: { "Sec-GPC": "1" } })).text()).toContain('data-gpc="true" data-page-gpc="true"');
    expect(await (await app.request("/privacy-policy")).text()).toContain('data-gpc="false" data-page-gpc="false"');
    expect(await (await app.request("/privacy-policy", { headers: { "Sec-GPC": "0" } })).text()).toContain('data-gpc="false"');
  });

  it("cached anonymous pages are kept apart by the signal, and a CDN is told to vary on it", async () => {
    const app = createApp(shop, { document, pageCache: new PageCache() });
    renders = 0;
    const plain = await app.request("/privacy-policy");
    expect(plain.headers.get("vary")).toContain("Sec-GPC");
    expect(await plain.text()).toContain('data-gpc="false"');
    const withGpc = await app.request("/privacy-policy", { headers: { "Sec-GPC": "1" } });
    expect(withGpc.headers.get("x-page-cache")).toBe("MISS");
    expect(await withGpc.text()).toContain('data-gpc="true"');
    const again = await app.request("/privacy-policy", { headers: { "Sec-GPC": "1" } });
    expect(again.headers.get("x-page-cache")).toBe("HIT");
    expect(await again.text()).toContain('data-gpc="true"');
    expect(await (await app.request("/privacy-policy")).text()).toContain('data-gpc="false"');
    expect(renders).toBe(2);
  });
});
