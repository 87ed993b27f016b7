/** Customers and their experiment variants. */
export * from "./customers";
/** Profile, email, saved address and anonymisation (the account area's writes). */
export * from "./profile";
export * from "./by-email";
export * from "./directory";
export * from "./deletion-requests";
