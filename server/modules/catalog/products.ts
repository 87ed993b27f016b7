import { asc, eq } from "drizzle-orm";
import { isProductCode, type Product, type ProductCode } from "../../../domain/catalog";
import { ProductContentSchema } from "../../../domain/catalog-schema";
import { isPlanCode } from "../../../domain/plans";
import { products } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

export async function listProducts(shop: Shop): Promise<Product[]> {
  const rows = await dbOf(shop).select().from(products).where(eq(products.active, true)).orderBy(asc(products.code));
  return rows.flatMap((row) => toProduct(row) ?? []);
}

export async function findProduct(shop: Shop, code: ProductCode): Promise<Product | null> {
  const [row] = await dbOf(shop).select().from(products).where(eq(products.code, code)).limit(1);
  return row && row.active ? toProduct(row) : null;
}

function toProduct(row: typeof products.$inferSelect): Product | null {
  if (!isProductCode(row.code)) return null;
  return {
    code: row.code,
    isSrp: row.isSrp,
    maxQuantity: row.maxQuantity,
    domesticAttributes: { autoCouponCode: row.autoCouponCode },
    planCode: row.planCode && isPlanCode(row.planCode) ? row.planCode : null,
    planQuantity: row.planQuantity,
    countries: row.countries,
    content: ProductContentSchema.parse(row.content),
  };
}
