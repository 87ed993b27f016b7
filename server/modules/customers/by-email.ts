import { eq } from "drizzle-orm";
import { normaliseEmail } from "../../../domain/validation";
import { customers } from "../../db/schema";
import { dbOf, type Shop } from "../../shop";

/** The customer with this email (any case, surrounding spaces ignored), or null. Never creates one. */
export async function customerByEmail(shop: Shop, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await dbOf(shop).select({ id: customers.id, email: customers.email }).from(customers).where(eq(customers.email, normaliseEmail(email))).limit(1);
  return row ?? null;
}
