/** Orders, their lines, shipments, checkout attempts (idempotency claims) and the order emails. */
export * from "./attempts";
export * from "./conversions";
export * from "./emails/order-confirmation";
export * from "./emails/order-shipped";
export * from "./emails/order-refunded";
export * from "./orders";
export * from "./of-customer";
export * from "./history";
export * from "./invoice-pdf";
export * from "./search";
export * from "./shipments";
export * from "./stats";
export * from "./legal-details";
export * from "./customer-orders";
