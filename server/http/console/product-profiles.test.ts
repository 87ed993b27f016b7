import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaHash } from "../../../domain/media";
import { createApp } from "../../app";
import { auditLog, mediaAssets } from "../../db/schema";
import { productPhotos, seedProductProfiles, storedProfiles } from "../../modules/catalog";
import { readStaffSession } from "../../modules/staff";
import { dbOf } from "../../shop";
import { createTestStaff, signInTestStaff } from "../../testing/console-staff";
import { openTestShop, testDriver, type TestShop } from "../../testing/test-shop";
import { consoleService } from "./service";

/**
 * The console's product profile editor (ADR 0069): owner and content save, with an audit entry holding before and
 * after; support and finance may not even read it; a form the schema refuses writes nothing; a later seed keeps it.
 */
const hashOf = (n: number) => n.toString(16).padStart(64, "0") as MediaHash;

describe(`console product profiles (${testDriver()})`, { timeout: 120_000 }, () => {
  let shop: TestShop;
  const services = {} as Record<"owner" | "content" | "support" | "finance", ReturnType<typeof consoleService>>;
  const audits = () => dbOf(shop).select().from(auditLog).where(and(eq(auditLog.action, "product-profile.save"), eq(auditLog.targetId, "syn-wk")));

  beforeAll(async () => {
    shop = await openTestShop();
    const app = createApp(shop);
    for (const role of ["owner", "content", "support", "finance"] as const) {
      const cookie = await signInTestStaff(app, shop, await createTestStaff(shop, role));
      services[role] = consoleService(shop, (await readStaffSession(shop, cookie.split(";")[0]!.split("=")[1]!))!);
    }
    await dbOf(shop)
      .insert(mediaAssets)
      .values([1, 2, 3].map((n) => ({ hash: hashOf(n), filename: `p${n}.png`, mime: "image/png", width: 1200, height: 1200, byteSize: 10, alt: `Library photo ${n}`, placeholder: "data:,", source: "upload", storageKey: "db", createdAt: shop.clock.now() })));
  }, 120_000);
  afterAll(() => shop.cleanup());

  const form = (extra: Record<string, string> = {}) => ({
    "gallery-0": hashOf(1),
    "gallery-1": hashOf(2),
    [`position-${hashOf(1)}`]: "2",
    [`position-${hashOf(2)}`]: "1",
    [`alt-${hashOf(2)}`]: "Two capsules on a linen cloth",
    [`add-${hashOf(3)}`]: "on",
    servingSize: "2 capsules",
    servingsPerPack: "30 servings",
    amounts: "Probiotic blend, 24 strains | 53.6 billion AFU | †\nPunicalagins | 400 mg",
    strains: "Bifidobacterium longum SD-BL5-JP | 4.5 billion AFU",
    otherIngredients: "Pullulan.",
    "reassurance-0-icon": "shipping",
    "reassurance-0-title": "Free US shipping",
    "reassurance-0-text": "3–5 business days.",
    "reassurance-0-countries": "us",
    "reassurance-1-icon": "guarantee",
    "reassurance-1-title": "",
    ...extra,
  });

  it("support and finance may neither read nor save a profile", async () => {
    for (const role of ["support", "finance"] as const) {
      await expect(services[role].productProfiles.product("syn-wk")).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(services[role].productProfiles.saveForm("syn-wk", form())).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await audits()).toHaveLength(0);
  });

  it("the content role saves: order, alt, added photo, facts and reassurance, audited with before and after", async () => {
    const before = (await storedProfiles(dbOf(shop), ["syn-wk"])).get("syn-wk")!;
    await services.content.productProfiles.saveForm("syn-wk", form());
    const after = (await storedProfiles(dbOf(shop), ["syn-wk"])).get("syn-wk")!;
    expect(after.gallery).toEqual([{ hash: hashOf(2), alt: "Two capsules on a linen cloth" }, { hash: hashOf(1) }, { hash: hashOf(3) }]);
    expect(after.facts.amounts).toEqual([{ name: "Probiotic blend, 24 strains", amount: "53.6 billion AFU", dailyValue: "†" }, { name: "Punicalagins", amount: "400 mg" }]);
    expect(after.reassurance).toEqual([{ icon: "shipping", title: "Free US shipping", text: "3–5 business days.", countries: ["US"] }]);
    const [entry] = await audits();
    expect(entry).toMatchObject({ targetType: "product", before: { facts: { servingSize: before.facts.servingSize } }, after: { gallery: after.gallery } });
    // The cart's and emails' photo follows at once.
    expect((await productPhotos(shop))["syn-wk"]?.hash).toBe(hashOf(2));
    // The editor reads it back as its fields.
    const read = await services.owner.productProfiles.product("syn-wk");
    expect(read.fields?.amounts).toBe("Probiotic blend, 24 strains | 53.6 billion AFU | †\nPunicalagins | 400 mg");
    expect(read.gallery.map((g) => g.image?.alt)).toEqual(["Two capsules on a linen cloth", "Library photo 1", "Library photo 3"]);
  });

  it("a removed photo goes; a form the schema refuses says which field and writes nothing", async () => {
    await services.owner.productProfiles.saveForm("syn-wk", form({ [`remove-${hashOf(1)}`]: "on", [`add-${hashOf(3)}`]: "" }));
    expect((await storedProfiles(dbOf(shop), ["syn-wk"])).get("syn-wk")!.gallery.map((g) => g.hash)).toEqual([hashOf(2)]);
    const count = (await audits()).length;
    await expect(services.owner.productProfiles.saveForm("syn-wk", form({ amounts: "Probiotic blend" }))).rejects.toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("Amounts, line 1") });
    await expect(services.owner.productProfiles.saveForm("syn-wk", form({ "reassurance-0-icon": "rocket" }))).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(services.owner.productProfiles.saveForm("no-such", form())).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await audits()).length).toBe(count);
  });

  it("the seed never overwrites a saved profile", async () => {
    const saved = (await storedProfiles(dbOf(shop), ["syn-wk"])).get("syn-wk")!;
    expect((await seedProductProfiles(shop)).keptEdited).toContain("syn-wk");
    expect((await storedProfiles(dbOf(shop), ["syn-wk"])).get("syn-wk")).toEqual(saved);
  });
});
