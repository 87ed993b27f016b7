/** Customers and their experiment variants. */
export * from "./customers";
/** Profile, email, saved address and anonymisation (the account area's writes). */
export * from "./profile";
export * from "./by-email";
export * from "./directory";
export * from "./deletion-requests";
/** The console's search by any part of email, name or phone (issue 36). */
export * from "./search";
/** Staff notes on a customer (issue 36). */
export * from "./notes";
