import { describe, expect, it } from "vitest";
import { PRODUCT_CODES } from "./catalog";
import { RENEWS_INTO } from "./plans";
import { ROUTES } from "./routes";
import { refillNotice, refillStarter } from "./refills";

describe("refill-only products name their starter", () => {
  it("each refill points at the starter kit that brings its jar", () => {
    expect(refillStarter("syn-rf")).toMatchObject({ starter: "syn-wk", starterPath: ROUTES.daily_synbiotic });
    expect(refillStarter("vs-rf-3mo")).toMatchObject({ starter: "vs-wk", starterPath: ROUTES.vaginal_synbiotic });
    expect(refillStarter("vs-rf")).toMatchObject({ starter: "vs-wk" });
    expect(refillStarter("pds-rf")).toMatchObject({ starter: "pds-wk", starterPath: ROUTES.pediatric_daily });
  });
  it("the refill a starter kit renews into is a refill, and its starter is that kit's product", () => {
    for (const [starter, refill] of Object.entries(RENEWS_INTO)) {
      if ((PRODUCT_CODES as readonly string[]).includes(refill!)) expect(refillStarter(refill!)?.starter).toBe(starter.replace(/-(3mo|6mo)$/, ""));
    }
  });
  it("starters, duos and one-time products are not refills", () => {
    for (const code of ["syn-wk", "syn-wk-3mo", "syn-wk-6mo", "syn-wk-duo", "vs-wk", "pds-wk", "syn-gr", "nope"]) expect(refillStarter(code)).toBeNull();
  });
  it("says plainly whom a refill is for", () => {
    expect(refillNotice(refillStarter("syn-rf")!)).toBe("This refill is for someone who already has the DS-01® glass jar from a starter kit: it comes in compostable pouches, without the jar.");
  });
});
