import type { OrderSummary } from "../../domain/orders";

/** A paid order as the confirmation email and the thank-you page see it. Tests override what they need. */
export function sampleOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  return {
    id: "4f1c8a52-0d3e-4b8e-9a51-6f2f0c1d2e3a",
    number: "SD-100042",
    email: "buyer@example.com",
    status: "paid",
    currency: "USD",
    lines: [
      {
        productCode: "ds-01",
        planCode: "syn-wk",
        name: "DS-01® Daily Synbiotic",
        image: "https://images.seed.example/ds-01.png",
        quantity: 1,
        unitPrice: 4999,
        listTotal: 4999,
        discount: 1250,
        total: 3749,
        bonus: false,
      },
      {
        productCode: "travel-vial",
        planCode: null,
        name: "Travel vial",
        image: "/images/travel-vial.png",
        quantity: 1,
        unitPrice: 0,
        listTotal: 0,
        discount: 0,
        total: 0,
        bonus: true,
      },
    ],
    subtotal: 4999,
    discounts: [{ code: "DS-01-25-OFF", kind: "promo", amount: 1250 }],
    discountTotal: 1250,
    shipping: { method: "expedited", label: "Expedited shipping (1–2 business days)", amount: 995 },
    creditApplied: 0,
    total: 4744,
    shippingAddress: { firstName: "Ada", lastName: "Lovelace", address1: "12 Analytical Row", city: "Brooklyn", region: "NY", postalCode: "11201", country: "US" },
    payment: { brand: "visa", last4: "4242" },
    subscriptions: [{ id: "sub_1", planCode: "syn-wk", renewsInto: "syn-rf", nextBillingAt: "2026-12-22T12:00:00.000Z", billingPeriodMonths: 1 }],
    preorderMessage: null,
    createdAt: "2026-11-22T12:00:00.000Z",
    ...overrides,
  };
}
