// The analytics envelope and catalogue live in domain/events.ts; this module keeps the older import path working.
export { AnalyticsBatchSchema, AnalyticsEventSchema, MAX_EVENTS_PER_BATCH, type AnalyticsEventInput } from "./events";
// Event names live in a zod-free module so browser code can name events without shipping zod.
export { EVENTS } from "./event-names";
