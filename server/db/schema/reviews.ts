import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * Product reviews (server/modules/reviews, docs/decisions/0068). A buyer's review names its order: one per product
 * line per order, kept by the unique constraint. Seeded reviews have no order. Only approved rows are ever shown or
 * counted.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productLine: text("product_line").notNull(),
    orderId: uuid("order_id").references(() => orders.id),
    customerId: uuid("customer_id"),
    authorName: text("author_name").notNull(),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    /** Media library hashes of the reviewer's photos. */
    photos: jsonb("photos").$type<string[]>().notNull().default([]),
    status: text("status").notNull().default("pending"),
    rejectReason: text("reject_reason"),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    moderatedByStaffId: uuid("moderated_by_staff_id"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    source: text("source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    unique("reviews_one_per_order_line").on(t.orderId, t.productLine),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("reviews_source_check", sql`${t.source} in ('buyer', 'seed')`),
    check("reviews_buyer_has_order", sql`${t.source} = 'seed' or ${t.orderId} is not null`),
    check("reviews_rejection_has_reason", sql`${t.status} <> 'rejected' or ${t.rejectReason} is not null`),
    index("reviews_line_status_created_idx").on(t.productLine, t.status, t.createdAt, t.id),
    index("reviews_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

/** One review request email per shipped order, sent once `dueAt` has passed. */
export const reviewRequests = pgTable(
  "review_requests",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("review_requests_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null`)],
);
