import { describe, expect, it } from "vitest";
import { parseAnalyticsBatch } from "./analytics-batch";
import { AnalyticsBatchSchema } from "./events";

const id = "3f0c2a4e-8b1d-4c7e-9a2f-1b2c3d4e5f60";
const event = (over: Record<string, unknown> = {}) => ({
  name: "Product Added",
  properties: { cart_id: "c-1", product_id: "syn-wk", price: 49.99, quantity: 1, currency: "USD", skus: ["SYN-WK", null], flag: true },
  path: "/daily-synbiotic",
  anonymousId: "anon-1",
  messageId: id,
  timestamp: "2026-11-25T12:00:00.000Z",
  ...over,
});

/** Inputs on both sides of every rule of the envelope; the fast check must agree with zod on each. */
const CASES: unknown[] = [
  { events: [event()] },
  { events: [event()], consent: { C0001: true, C0002: true, C0004: false } },
  { events: [event()], consent: { C0001: true, C0009: true, extra: "x" } },
  { events: [event({ name: "  Nav Menu Click  ", properties: { menu: "Shop" } })], extra: 1 },
  { events: [event({ properties: undefined, path: undefined, anonymousId: undefined, messageId: undefined, timestamp: undefined, other: 1 })] },
  { events: Array.from({ length: 20 }, () => event()) },
  { events: Array.from({ length: 21 }, () => event()) },
  { events: [] },
  {},
  null,
  [],
  "events",
  { events: [event()], consent: { C0002: "yes" } },
  { events: [event()], consent: null },
  { events: [event({ name: "   " })] },
  { events: [event({ name: "x".repeat(100) })] },
  { events: [event({ name: "x".repeat(101) })] },
  { events: [event({ name: "bad\u0000name" })] },
  { events: [event({ name: 5 })] },
  { events: [event({ path: "p".repeat(2001) })] },
  { events: [event({ anonymousId: "a".repeat(101) })] },
  { events: [event({ messageId: "not-a-uuid" })] },
  { events: [event({ messageId: "3F0C2A4E-8B1D-4C7E-9A2F-1B2C3D4E5F60" })] },
  { events: [event({ timestamp: "2026-11-25T12:00:00+01:00" })] },
  { events: [event({ timestamp: "yesterday" })] },
  { events: [event({ properties: null })] },
  { events: [event({ properties: [] })] },
  { events: [event({ properties: { nested: { a: 1 } } })] },
  { events: [event({ properties: { nested: { a: { b: 1 } } } })] },
  { events: [event({ properties: { list: [[1]] } })] },
  { events: [event({ properties: { list: Array.from({ length: 51 }, () => 1) } })] },
  { events: [event({ properties: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i])) })] },
  { events: [event({ properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) })] },
  { events: [event({ properties: { ["k".repeat(101)]: 1 } })] },
  { events: [event({ properties: { s: "v".repeat(2000) } })] },
  { events: [event({ properties: { s: "v".repeat(2001) } })] },
  { events: [event({ properties: { s: "lone \uD800 surrogate" } })] },
  { events: [event({ properties: { s: "pair \uD83D\uDE00 ok" } })] },
  { events: [event({ properties: { n: Number.NaN } })] },
  { events: [event({ properties: { u: undefined } })] },
  JSON.parse('{"events":[{"name":"Nav Menu Click","properties":{"__proto__":{"x":1}}}]}'),
];

describe("parseAnalyticsBatch: the envelope check without zod for the simple case", () => {
  it.each(CASES.map((input, i) => [i, input]))("agrees with AnalyticsBatchSchema on case %i", (_i, input) => {
    const zod = AnalyticsBatchSchema.safeParse(input);
    const fast = parseAnalyticsBatch(input);
    expect(fast.success).toBe(zod.success);
    if (fast.success && zod.success) expect(fast.data).toStrictEqual(zod.data);
    if (!fast.success && !zod.success) expect(fast.error.issues).toEqual(zod.error.issues);
  });

  it("keeps only the envelope's keys and trims the name, as zod does", () => {
    const parsed = parseAnalyticsBatch({ events: [{ name: " Nav Menu Click ", properties: { menu: "Shop" }, junk: 1 }], consent: { C0002: true, other: true }, more: 1 });
    expect(parsed).toEqual({ success: true, data: { events: [{ name: "Nav Menu Click", properties: { menu: "Shop" } }], consent: { C0002: true } } });
  });
});
