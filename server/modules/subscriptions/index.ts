/** Subscriptions: created by orders, held or cancelled, billed on their next billing date; managed by members in the portal. */
export * from "./billing";
export * from "./subscriptions";
export * from "./of-customer";
export * from "./portal";
export * from "./next-charge";
export * from "./actions";
export * from "./cancellation";
export * from "./cancel-links";
export * from "./renewal-hooks";
export * from "./emails/subscription-emails";
export * from "./renewal-batch";
export * from "./directory";
export * from "./stats";
