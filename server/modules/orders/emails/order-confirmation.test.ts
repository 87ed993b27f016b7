import { describe, expect, it } from "vitest";
import { sampleOrderSummary } from "../../../testing/order-summary";
import { escapeHtml, safeUrl } from "../../../lib/email-html";
import type { Cents } from "../../../../domain/money";
import { orderConfirmationKey, renderOrderConfirmation } from "./order-confirmation";

const NBSP = "\u00a0";

describe("order confirmation email", () => {
  it("has the order number in the subject and a key of one email per order", () => {
    const order = sampleOrderSummary();
    expect(renderOrderConfirmation(order).subject).toBe("Your Seed order SD-100042");
    expect(orderConfirmationKey(order.id)).toBe(`order-confirmation:${order.id}`);
  });

  it("formats US dollars from minor units in both parts: lines, discount, shipping, total", () => {
    const { html, text } = renderOrderConfirmation(sampleOrderSummary());
    for (const part of [html, text]) {
      expect(part).toContain("$49.99"); // line and subtotal
      expect(part).toContain("−$12.50"); // the promo code
      expect(part).toContain("$9.95"); // expedited shipping
      expect(part).toContain("$47.44"); // total
    }
    expect(text).toContain("Discount (DS-01-25-OFF): −$12.50");
    expect(text).toContain("Total: $47.44");
    expect(text).toContain("Shipping: Expedited shipping (1–2 business days): $9.95");
  });

  it("shows the member's account credit between shipping and the total, only when some was applied (ADR 0040)", () => {
    const { html, text } = renderOrderConfirmation(sampleOrderSummary({ creditApplied: 2500, total: 2244 }));
    expect(text).toContain("Account credit: −$25.00");
    expect(text.indexOf("Shipping:")).toBeLessThan(text.indexOf("Account credit"));
    expect(text.indexOf("Account credit")).toBeLessThan(text.indexOf("Total: $22.44"));
    expect(html).toContain("Account credit");
    expect(renderOrderConfirmation(sampleOrderSummary()).text).not.toContain("Account credit");
  });

  it("formats euros for a shopper in Germany, and free shipping as Free", () => {
    const order = sampleOrderSummary({
      currency: "EUR",
      lines: [{ ...sampleOrderSummary().lines[0]!, unitPrice: 123456, listTotal: 123456, discount: 0, total: 123456 }],
      subtotal: 123456,
      discounts: [],
      discountTotal: 0,
      shipping: { method: "passport_ddp_all", label: "Passport international, duties paid (7–14 business days)", amount: 0 },
      total: 123456,
      shippingAddress: { ...sampleOrderSummary().shippingAddress, city: "Berlin", region: "BE", postalCode: "10115", country: "DE" },
    });
    const { html, text } = renderOrderConfirmation(order);
    expect(text).toContain(`1.234,56${NBSP}€`);
    expect(html).toContain(`1.234,56${NBSP}€`);
    expect(text).toContain("Passport international, duties paid (7–14 business days): Free");
    expect(text).toContain("Germany");
    expect(text).not.toContain("$");
  });

  it("formats euros for a shopper in Ireland the English way", () => {
    const order = sampleOrderSummary({ currency: "EUR", shippingAddress: { ...sampleOrderSummary().shippingAddress, country: "IE" } });
    expect(renderOrderConfirmation(order).text).toContain("Total: €47.44");
  });

  it("escapes every interpolated value in the HTML: a name like <script> renders as text", () => {
    const evil = `<script>alert("x")</script>`;
    const order = sampleOrderSummary({
      number: `SD-1<b>`,
      lines: [{ ...sampleOrderSummary().lines[0]!, name: `${evil} & "Co" 'q'`, image: `https://x.example/a.png"onerror="alert(1)` }],
      discounts: [{ code: `<img src=x onerror=alert(1)>`, kind: "promo", amount: 100 }],
      shippingAddress: { ...sampleOrderSummary().shippingAddress, firstName: evil, address1: `<iframe src="javascript:alert(1)">`, city: "A&B" },
      preorderMessage: `<b>soon</b>`,
      payment: { brand: `<svg onload=alert(1)>`, last4: "4242" },
    });
    const { html, text, subject } = renderOrderConfirmation(order);
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<iframe");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("<b>");
    expect(html).not.toMatch(/"onerror=/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Co&quot; &#39;q&#39;");
    expect(html).toContain("Thank you for your order, &lt;script&gt;");
    expect(html).toContain("A&amp;B");
    expect(html).toContain("&lt;b&gt;soon&lt;/b&gt;");
    expect(html).toContain("SD-1&lt;b&gt;");
    // The plain-text part and the subject carry the words as they are.
    expect(text).toContain(`${evil} & "Co" 'q'`);
    expect(subject).toBe("Your Seed order SD-1<b>");
  });

  it("shows lines, the free gift, the shipping address, the card and the subscription with its next billing date", () => {
    const { html, text } = renderOrderConfirmation(sampleOrderSummary());
    expect(text).toContain("- DS-01® Daily Synbiotic x 1: $49.99");
    expect(text).toContain("- Travel vial x 1: Free");
    expect(text).toContain("Ada Lovelace\n12 Analytical Row\nBrooklyn, NY, 11201\nUnited States");
    expect(text).toContain("Visa ending in 4242");
    expect(text).toContain("DS-01® Daily Synbiotic: Billed monthly. Next billing date: December 22, 2026.");
    expect(html).toContain("Next billing date: <strong>December 22, 2026</strong>");
    expect(html).toContain("Free gift");
    // The renewal plan has no line here, so no plan code is shown to the shopper.
    expect(text).not.toContain("syn-rf");
    expect(html).not.toContain("syn-rf");
    // Only absolute http(s) images are linked; a relative path would not resolve in a mail client.
    expect(html).toContain('src="https://images.seed.example/ds-01.png"');
    expect(html).not.toContain("/images/travel-vial.png");
  });

  it("shows each line's product photo from the shop's public origin, with its size and an empty alt beside the name (ADR 0069)", () => {
    const order = sampleOrderSummary();
    const code = order.lines[0]!.productCode;
    const src = `https://shop.example/media/${"a".repeat(64)}/320.webp`;
    const { html } = renderOrderConfirmation(order, { images: (c) => (c === code ? { src, width: 56, height: 56 } : null) });
    expect(html).toContain(`src="${src}" width="56" height="56" alt=""`);
    // A line whose product has no photo keeps what it had (here: a relative path, which is never linked).
    expect(html).not.toContain("/images/travel-vial.png");
  });

  it("has no subscription section without subscriptions, and shows the preorder message when there is one", () => {
    const plain = renderOrderConfirmation(sampleOrderSummary({ subscriptions: [] }));
    expect(plain.text).not.toContain("YOUR SUBSCRIPTION");
    expect(plain.html).not.toContain("Your subscription");
    expect(plain.text).not.toContain("ship in");
    const preorder = renderOrderConfirmation(sampleOrderSummary({ preorderMessage: "Your order will ship in 2 to 4 weeks" }));
    expect(preorder.text).toContain("Your order will ship in 2 to 4 weeks");
    expect(preorder.html).toContain("Your order will ship in 2 to 4 weeks");
  });

  it("is a complete, accessible HTML document: language, title, layout tables marked as presentation", () => {
    const { html } = renderOrderConfirmation(sampleOrderSummary());
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain("<title>Your Seed order SD-100042</title>");
    expect(html).toContain('<meta charset="utf-8">');
    const tables = html.match(/<table\b[^>]*>/g) ?? [];
    expect(tables.length).toBeGreaterThan(2);
    for (const table of tables) expect(table).toContain('role="presentation"');
    expect(html).not.toMatch(/<style|<link|<script/);
    expect(html).toContain('alt=""');
  });
});

describe("email HTML helpers", () => {
  it("escapeHtml escapes the five characters and stringifies anything", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(escapeHtml(12)).toBe("12");
    expect(escapeHtml(null)).toBe("");
  });

  it("safeUrl keeps http(s) URLs only", () => {
    expect(safeUrl("https://a.example/x.png")).toBe("https://a.example/x.png");
    expect(safeUrl("javascript:alert(1)")).toBeNull();
    expect(safeUrl("data:image/png;base64,xx")).toBeNull();
    expect(safeUrl("/relative.png")).toBeNull();
    expect(safeUrl("")).toBeNull();
  });

  it("repeats the renewal terms told at checkout, with a cancel link that needs no password (issue 34)", () => {
    const term = {
      planCode: "syn-wk" as const,
      renewalPlanCode: "syn-rf" as const,
      renewalName: "DS-01® Refill (monthly)",
      quantity: 1,
      price: 4999 as Cents,
      shipping: 0 as Cents,
      currency: "USD" as const,
      periodMonths: 1,
      firstRenewalMonths: 1,
      firstRenewalAt: new Date("2026-12-22T12:00:00.000Z"),
      couponKept: null,
    };
    const cancelUrl = (id: string) => `https://shop.example/subscription?action=cancel&token=signed-${id}`;
    const { html, text } = renderOrderConfirmation(sampleOrderSummary(), { renewals: [term], cancelUrl });
    expect(text).toContain("Renews automatically as DS-01® Refill (monthly) at $49.99 every month, first on December 22, 2026, until you cancel.");
    expect(text).toContain("Cancel online, no password needed: https://shop.example/subscription?action=cancel&token=signed-sub_1");
    expect(text).toContain("without calling us");
    expect(html).toContain("Renews automatically as DS-01® Refill (monthly) at $49.99 every month");
    expect(html).toContain(`href="${escapeHtml(cancelUrl("sub_1"))}"`);
  });
});
