import { describe, expect, it } from "vitest";
import raw from "../content/catalog.json";
import { CatalogSeedSchema } from "./catalog-seed";
import { PLAN_GROUPS } from "./plans";
import { PLAN_GROUP_PAGES, PRODUCT_PAGES } from "./product-pages";
import { HEADER_MENUS } from "./navigation";
import { pathOf } from "./routes";

const catalog = CatalogSeedSchema.parse(raw);
const planOf = (code: string) => catalog.products.find((p) => p.code === code)?.planCode;

describe("each landing page sells its plan group (SPEC.md section 9)", () => {
  it.each(Object.entries(PLAN_GROUPS))("%s: every plan of the group is offered on its page", (group, plans) => {
    const { products } = PLAN_GROUP_PAGES[group as keyof typeof PLAN_GROUPS];
    const sold = products.map(planOf);
    for (const plan of plans) expect(sold).toContain(plan);
  });
  it("vs-rf-3mo, which ships abroad without the international fee, is sold on the vaginal page", () => {
    expect(PRODUCT_PAGES.vaginal_synbiotic.map(planOf)).toEqual(["vs-wk", "vs-rf-3mo", "vs-rf"]);
  });
});

describe("the Shop menu lists every product sold", () => {
  const shopLinks = HEADER_MENUS.find((m) => m.id === "shop")!.groups.flatMap((g) => g.links.map((l) => l.href));
  it.each(["daily_synbiotic", "daily_synbiotic_refill", "pediatric_daily", "vaginal_synbiotic", "gut_reset"] as const)("%s", (page) => {
    expect(Object.keys(PRODUCT_PAGES)).toContain(page);
    expect(shopLinks).toContain(pathOf(page));
  });
});

describe("the pediatric product is a powder in sachets everywhere", () => {
  it.each(["pds-wk", "pds-rf", "pds-gwp"])("%s is described in sachets, never capsules", (code) => {
    const product = catalog.products.find((p) => p.code === code)!;
    expect(product.content.servingForm).toBe("sachet");
    const { numCapsules: _count, ...words } = product.content; // numCapsules counts sachets here
    expect(JSON.stringify(words)).not.toMatch(/capsule|vial|scoop/i);
  });
});
