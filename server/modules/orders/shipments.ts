import { asc, eq } from "drizzle-orm";
import { trackingUrl, type CarrierCode } from "../../../domain/carriers";
import type { Queryable } from "../../db/client";
import { orderShipments } from "../../db/schema";

export interface Shipment {
  id: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
  shippedAt: string;
}

const toShipment = (row: typeof orderShipments.$inferSelect): Shipment => ({
  id: row.id,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
  shippedAt: row.shippedAt.toISOString(),
});

/** Records a parcel of an order (in the caller's transaction); the member's order history shows its tracking link. */
export async function recordShipment(
  db: Queryable,
  input: { orderId: string; carrier: CarrierCode; trackingNumber: string; now: Date },
): Promise<Shipment> {
  const [row] = await db
    .insert(orderShipments)
    .values({
      orderId: input.orderId,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl: trackingUrl(input.carrier, input.trackingNumber),
      shippedAt: input.now,
    })
    .returning();
  return toShipment(row!);
}

export async function shipmentsOfOrder(db: Queryable, orderId: string): Promise<Shipment[]> {
  const rows = await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)).orderBy(asc(orderShipments.shippedAt));
  return rows.map(toShipment);
}
