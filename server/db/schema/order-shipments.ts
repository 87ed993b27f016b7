import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/** Parcels sent for an order (module server/modules/orders): carrier and tracking number, shown to the member. */
export const orderShipments = pgTable(
  "order_shipments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrier: text("carrier").notNull(),
    trackingNumber: text("tracking_number").notNull(),
    trackingUrl: text("tracking_url").notNull(),
    shippedAt: timestamp("shipped_at", { withTimezone: true }).notNull(),
  },
  // One parcel per tracking number: marking the same parcel shipped twice records it (and emails about it) once.
  (t) => [index("order_shipments_order_idx").on(t.orderId), unique("order_shipments_tracking_unique").on(t.orderId, t.trackingNumber)],
);
