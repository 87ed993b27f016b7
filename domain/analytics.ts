import { z } from "zod";
import { storableText } from "./validation";

/** What the browser's track() sends to POST /api/events. Bounded so one visitor cannot store megabytes. */
const PropertyValue = z.union([storableText(2000), z.number().finite(), z.boolean(), z.null()]);

export const AnalyticsEventSchema = z.object({
  name: storableText(100).trim().min(1),
  properties: z
    .record(storableText(100), z.union([PropertyValue, z.array(PropertyValue).max(50), z.record(storableText(100), PropertyValue)]))
    .refine((p) => Object.keys(p).length <= 50, "at most 50 properties")
    .default({}),
  path: storableText(2000).optional(),
  anonymousId: storableText(100).optional(),
});

export const AnalyticsBatchSchema = z.object({ events: z.array(AnalyticsEventSchema).min(1).max(20) });

export type AnalyticsEventInput = z.infer<typeof AnalyticsEventSchema>;

// Event names live in a zod-free module so browser code can name events without shipping zod.
export { EVENTS } from "./event-names";
