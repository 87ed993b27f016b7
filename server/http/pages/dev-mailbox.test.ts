import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, useParams, type RouteObject } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as emailPage from "../../../app/routes/dev/dev-mailbox-email";
import * as listPage from "../../../app/routes/dev/dev-mailbox";
import { createApp } from "../../app";
import { enqueueEmail } from "../../modules/email";
import { enqueueOrderConfirmation } from "../../modules/orders";
import { dbOf } from "../../shop";
import { sampleOrderSummary } from "../../testing/order-summary";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import type { DocumentHandler } from "./document";

/**
 * The two mailbox route modules rendered the way React Router's server does (static handler, loaders with the
 * load context, SSR), behind the real app: session, load context, cache headers. No build needed.
 */
function asFrameworkRoute(id: string, path: string, module: { loader: (args: any) => unknown; default: ComponentType<any>; headers?: unknown }): RouteObject {
  const Page = module.default;
  return {
    id,
    path,
    loader: module.loader as RouteObject["loader"],
    Component: () => createElement(Page, { loaderData: useLoaderData(), params: useParams(), matches: [] }),
    ErrorBoundary: () => createElement("p", null, "error"),
  };
}

const HEADERS: Record<string, unknown> = { dev_mailbox: listPage.headers, dev_mailbox_email: emailPage.headers };

const routes: RouteObject[] = [
  asFrameworkRoute("dev_mailbox", "/dev/mailbox", listPage),
  asFrameworkRoute("dev_mailbox_email", "/dev/mailbox/:id", emailPage),
];

const mailboxDocument: DocumentHandler = async (request, context) => {
  const handler = createStaticHandler(routes);
  const result = await handler.query(request, { requestContext: context as never });
  if (result instanceof Response) return result;
  const html = renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, result), context: result, hydrate: false }));
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  // The leaf route's headers() export, as React Router applies it.
  const leaf = result.matches.at(-1)?.route.id ?? "";
  const routeHeaders = HEADERS[leaf];
  if (typeof routeHeaders === "function") for (const [k, v] of Object.entries(routeHeaders({}) as Record<string, string>)) headers.set(k, v);
  return new Response(`<!DOCTYPE html>${html}`, { status: result.statusCode, headers });
};

/** What a request from this machine carries: its socket's peer is a loopback address. */
const LOOPBACK = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

describe(`development mailbox /dev/mailbox (${testDriver()})`, () => {
  let shop: TestShop;
  let orderEmailId: string;
  let plainEmailId: string;
  beforeAll(async () => {
    shop = await openTestShop();
    const base = shop.clock.now().getTime();
    const order = sampleOrderSummary({ shippingAddress: { ...sampleOrderSummary().shippingAddress, firstName: "<script>alert(1)</script>" } });
    orderEmailId = (await enqueueOrderConfirmation(dbOf(shop), order, { now: new Date(base) }))!;
    plainEmailId = (await enqueueEmail(
      dbOf(shop),
      { to: "later@example.com", subject: "A later <email>", text: "Plain words\nsecond line", html: "<p onclick=\"x()\">Later</p><script>window.hacked=1</script>", template: "test", idempotencyKey: "mailbox-later" },
      { now: new Date(base + 60_000) },
    ))!;
  });
  afterAll(() => shop.cleanup());

  it("the list shows the queued emails, newest first, each linking to its page", async () => {
    const res = await createApp(shop, { document: mailboxDocument }).request("/dev/mailbox", {}, LOOPBACK);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/no-store/);
    const html = await res.text();
    expect(html).toContain("Mailbox");
    const later = html.indexOf("A later &lt;email&gt;");
    const order = html.indexOf("Your Seed order SD-100042");
    expect(later).toBeGreaterThan(-1);
    expect(order).toBeGreaterThan(-1);
    expect(later).toBeLessThan(order);
    expect(html).toContain(`href="/dev/mailbox/${orderEmailId}"`);
    expect(html).toContain(`href="/dev/mailbox/${plainEmailId}"`);
    expect(html).toContain("buyer@example.com");
    expect(html).toContain(">queued<");
  });

  it("one email shows its headers, the HTML part in an empty-sandbox iframe (escaped in srcdoc) and the text part", async () => {
    const res = await createApp(shop, { document: mailboxDocument }).request(`/dev/mailbox/${plainEmailId}`, {}, LOOPBACK);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("later@example.com");
    expect(html).toContain("mailbox-later");
    const iframe = /<iframe[^>]*>/.exec(html)?.[0] ?? "";
    expect(iframe).toContain('sandbox=""');
    expect(iframe).toContain('srcDoc="&lt;p onclick=&quot;x()&quot;&gt;Later&lt;/p&gt;&lt;script&gt;window.hacked=1&lt;/script&gt;"');
    // The email's own markup never reaches the page as markup.
    expect(html).not.toContain("<script>window.hacked");
    expect(html).toContain("Plain words\nsecond line");
  });

  it("the order confirmation's page carries its escaped HTML and its text part", async () => {
    const res = await createApp(shop, { document: mailboxDocument }).request(`/dev/mailbox/${orderEmailId}`, {}, LOOPBACK);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("order-confirmation:");
    expect(html).toContain("Total: $47.44");
    expect(html).not.toContain("<script>alert(1)</script>");
  });

  it("an unknown or malformed id is a 404", async () => {
    const app = createApp(shop, { document: mailboxDocument });
    expect((await app.request("/dev/mailbox/00000000-0000-4000-8000-000000000000", {}, LOOPBACK)).status).toBe(404);
    expect((await app.request("/dev/mailbox/not-an-id", {}, LOOPBACK)).status).toBe(404);
  });

  it("asked from a non-loopback address both pages are a 404, even with a forged X-Forwarded-For", async () => {
    const app = createApp(shop, { document: mailboxDocument });
    for (const path of ["/dev/mailbox", `/dev/mailbox/${orderEmailId}`]) {
      const res = await app.request(path, { headers: { "X-Forwarded-For": "127.0.0.1" } }, { incoming: { socket: { remoteAddress: "192.168.1.23" } } });
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain("buyer@example.com");
    }
    const ipv6 = await app.request("/dev/mailbox", {}, { incoming: { socket: { remoteAddress: "::1" } } });
    expect(ipv6.status).toBe(200);
  });

  it("in production both pages are a 404 and show nothing of the outbox", async () => {
    const production = { ...shop, env: { ...shop.env, NODE_ENV: "production" as const } };
    const app = createApp(production, { document: mailboxDocument });
    for (const path of ["/dev/mailbox", `/dev/mailbox/${orderEmailId}`]) {
      const res = await app.request(path, {}, LOOPBACK);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html).not.toContain("buyer@example.com");
      expect(html).not.toContain("SD-100042");
    }
  });
});
