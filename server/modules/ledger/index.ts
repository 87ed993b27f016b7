/** The money ledger: every charge, refund, retry and credit per subscription, and what reconciliation found. */
export * from "./ledger";
