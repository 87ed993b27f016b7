/** Loyalty: the member ledger of credit and points, append-only, balances as sums (ADR 0037). */
export * from "./ledger";
export * from "./points";
export * from "./emails";
export * from "./order-credit";
export * from "./refund-reversal";
