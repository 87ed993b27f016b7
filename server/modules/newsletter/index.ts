/** Newsletter sign-ups. */
export * from "./subscribe";
