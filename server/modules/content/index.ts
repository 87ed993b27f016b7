/** Content pages and Cultured articles (CMS blocks), seeded from content/, sanitised in and out. */
export * from "./pages";
export * from "./articles";
export { seedContent, type SeedResult } from "./seed-content";
export { cleanBlocks, sanitiseRichText } from "./sanitise";
export { listenForPageChanges, notifyPagesChanged, PAGES_CHANGED_CHANNEL } from "./invalidation";
export { listPagesForConsole, pageForEditing, pageVersion, publishPage, versionsOfPage, type PageVersionSummary, type PageWords } from "./editing";
export { cancelSchedule, claimSchedule, dueSchedules, replaceSchedule, routeNameOfPage, schedulesOfPage, scheduleView, settleSchedule, type ScheduleRow, type ScheduleView } from "./schedules";
