import { describe, expect, it } from "vitest";
import { addBusinessDays, deliveryWindow } from "./delivery-estimate";
import { SHIPPING_LABELS } from "./shipping";

const day = (d: Date) => d.toISOString().slice(0, 10);

describe("delivery estimate: dispatch the next business day, then the method's transit days", () => {
  it("skips weekends", () => {
    expect(day(addBusinessDays(new Date("2026-11-27T12:00:00Z"), 1))).toBe("2026-11-30"); // Friday -> Monday
    expect(day(addBusinessDays(new Date("2026-11-28T12:00:00Z"), 1))).toBe("2026-11-30"); // Saturday -> Monday
    expect(day(addBusinessDays(new Date("2026-11-30T12:00:00Z"), 5))).toBe("2026-12-07"); // Monday -> next Monday
  });

  it("standard US shipping ordered on a Sunday: out Monday, there Thursday to the next Monday", () => {
    const w = deliveryWindow("free_shipping", new Date("2026-11-29T10:00:00Z"));
    expect([day(w.earliest), day(w.latest)]).toEqual(["2026-12-03", "2026-12-07"]);
  });

  it("expedited and international windows follow their labels' days", () => {
    const placed = new Date("2026-12-01T10:00:00Z"); // Tuesday
    const expedited = deliveryWindow("expedited", placed);
    expect([day(expedited.earliest), day(expedited.latest)]).toEqual(["2026-12-03", "2026-12-04"]);
    const abroad = deliveryWindow("passport_ddp_all", placed);
    expect([day(abroad.earliest), day(abroad.latest)]).toEqual(["2026-12-11", "2026-12-22"]);
    expect(SHIPPING_LABELS.passport_ddp_all).toBe("Passport international, duties paid (7–14 business days)");
    expect(SHIPPING_LABELS.free_shipping).toBe("Free standard shipping (3–5 business days)");
  });
});
