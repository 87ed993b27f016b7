import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/** A parcel of an order handed to a carrier: order history shows its tracking link once shipped. */
export const shipments = pgTable(
  "shipments",
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
  (t) => [index("shipments_order_idx").on(t.orderId)],
);
