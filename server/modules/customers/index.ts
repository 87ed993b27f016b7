/** Customers and their experiment variants. */
export * from "./customers";
