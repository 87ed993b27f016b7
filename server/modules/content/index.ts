/** Content pages and Cultured articles (CMS blocks), seeded from content/, sanitised in and out. */
export * from "./pages";
export * from "./articles";
export { seedContent, type SeedResult } from "./seed-content";
export { cleanBlocks, sanitiseRichText } from "./sanitise";
export { listenForPageChanges, notifyPagesChanged, PAGES_CHANGED_CHANNEL } from "./invalidation";
