/** Payments and saved payment methods (tokens, brand and last four only). */
export * from "./payments";
export * from "./cards";
export * from "./refunds";
export * from "./refunded-by-order";
