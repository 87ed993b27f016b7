import { describe, expect, it } from "vitest";
import { AnalyticsBatchSchema, AnalyticsEventSchema, EVENTS } from "./analytics";

describe("AnalyticsEventSchema", () => {
  it("accepts a named event and defaults properties to {}", () => {
    expect(AnalyticsEventSchema.parse({ name: " Nav Menu Click " })).toEqual({ name: "Nav Menu Click", properties: {} });
  });

  it("accepts scalar, array and flat object property values", () => {
    const event = { name: "x", properties: { a: "s", b: 1, c: true, d: null, e: [1, "two"], f: { g: 1 } }, path: "/", anonymousId: "abc" };
    expect(AnalyticsEventSchema.parse(event)).toEqual(event);
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a blank name", { name: "   " }],
    ["a too long name", { name: "x".repeat(101) }],
    ["a non-string name", { name: 5 }],
    ["deeply nested properties", { name: "x", properties: { a: { b: { c: 1 } } } }],
    ["more than 50 properties", { name: "x", properties: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }],
    ["a too long property string", { name: "x", properties: { a: "x".repeat(2001) } }],
    ["a non-finite number", { name: "x", properties: { a: Infinity } }],
    ["properties as an array", { name: "x", properties: [1, 2] }],
  ])("rejects %s", (_label, input) => {
    expect(AnalyticsEventSchema.safeParse(input).success).toBe(false);
  });
});

describe("AnalyticsBatchSchema", () => {
  it("takes 1 to 20 events", () => {
    const ev = { name: "x" };
    expect(AnalyticsBatchSchema.safeParse({ events: [] }).success).toBe(false);
    expect(AnalyticsBatchSchema.safeParse({ events: [ev] }).success).toBe(true);
    expect(AnalyticsBatchSchema.safeParse({ events: Array(20).fill(ev) }).success).toBe(true);
    expect(AnalyticsBatchSchema.safeParse({ events: Array(21).fill(ev) }).success).toBe(false);
  });

  it("names the shell's events as SPEC.md section 7 does", () => {
    expect(EVENTS.siteDown).toBe("Site Down");
    expect(EVENTS.emailSubmitted).toBe("Email Submitted");
    expect(EVENTS.navMenuClick).toBe("Nav Menu Click");
    expect(EVENTS.earn).toBe("Earn");
  });
});

describe("text the database cannot store", () => {
  it.each([
    ["the name", { name: "a\u0000" }],
    ["a property key", { name: "x", properties: { "k\u0000": 1 } }],
    ["a property value", { name: "x", properties: { k: "\u0000" } }],
    ["a list value", { name: "x", properties: { k: ["\u0000"] } }],
    ["a nested value", { name: "x", properties: { k: { j: "\u0000" } } }],
    ["the path", { name: "x", path: "/\u0000" }],
    ["the anonymous id", { name: "x", anonymousId: "\u0000" }],
  ])("a NUL character in %s is refused", (_label, input) => {
    expect(AnalyticsEventSchema.safeParse(input).success).toBe(false);
  });
});

it("a lone surrogate in a property value is refused", () => {
  expect(AnalyticsEventSchema.safeParse({ name: "x", properties: { a: "\udfff" } }).success).toBe(false);
});
