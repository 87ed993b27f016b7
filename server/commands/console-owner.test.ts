import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, staffMembers } from "../db/schema";
import { findPendingSetup } from "../modules/staff";
import { dbOf } from "../shop";
import { openTestShop, testDriver, type TestShop } from "../testing/test-shop";
import { consoleOwnerCommand } from "./console-owner";

describe(`npm run console:owner (${testDriver()})`, () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ env: { PUBLIC_URL: "https://shop.example" } });
  });
  afterAll(() => shop.cleanup());

  it("makes an owner with no password and a one-time setup link, on the record", async () => {
    const { link, created } = await consoleOwnerCommand(shop, "Founder@Example.com");
    expect(created).toBe(true);
    expect(link).toMatch(/^https:\/\/shop\.example\/console\/setup\?token=[\w-]{40,}$/);
    const [row] = await dbOf(shop).select().from(staffMembers).where(eq(staffMembers.email, "founder@example.com"));
    expect(row).toMatchObject({ role: "owner", passwordHash: null });
    const token = new URL(link).searchParams.get("token")!;
    expect((await findPendingSetup(shop, token))?.staff.email).toBe("founder@example.com");
    const [entry] = await dbOf(shop).select().from(auditLog).where(eq(auditLog.targetId, "founder@example.com"));
    expect(entry).toMatchObject({ action: "staff.create-owner", staffEmail: "npm run console:owner" });
  });

  it("run again for the same email, issues a new link and the old one stops working", async () => {
    const first = await consoleOwnerCommand(shop, "again@example.com");
    const second = await consoleOwnerCommand(shop, "again@example.com");
    expect(second.created).toBe(false);
    expect(await findPendingSetup(shop, new URL(first.link).searchParams.get("token")!)).toBeNull();
    expect(await findPendingSetup(shop, new URL(second.link).searchParams.get("token")!)).not.toBeNull();
  });

  it("refuses something that is not an email", async () => {
    await expect(consoleOwnerCommand(shop, "not-an-email")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
