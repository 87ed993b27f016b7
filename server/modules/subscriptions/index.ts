/** Subscriptions: created by orders, held or cancelled, billed on their next billing date. */
export * from "./billing";
export * from "./subscriptions";
export * from "./of-customer";
