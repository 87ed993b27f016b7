/** Orders, their lines, checkout attempts (idempotency claims) and the confirmation email. */
export * from "./attempts";
export * from "./emails/order-confirmation";
export * from "./orders";
export * from "./of-customer";
