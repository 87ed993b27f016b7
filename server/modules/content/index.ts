/** Content pages (CMS blocks), seeded from content/. */
export * from "./pages";
