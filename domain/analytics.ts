import { z } from "zod";

/** What the browser's track() sends to POST /api/events. Bounded so one visitor cannot store megabytes. */
const PropertyValue = z.union([z.string().max(2000), z.number().finite(), z.boolean(), z.null()]);

export const AnalyticsEventSchema = z.object({
  name: z.string().trim().min(1).max(100),
  properties: z
    .record(z.string().max(100), z.union([PropertyValue, z.array(PropertyValue).max(50), z.record(z.string().max(100), PropertyValue)]))
    .refine((p) => Object.keys(p).length <= 50, "at most 50 properties")
    .default({}),
  path: z.string().max(2000).optional(),
  anonymousId: z.string().max(100).optional(),
});

export const AnalyticsBatchSchema = z.object({ events: z.array(AnalyticsEventSchema).min(1).max(20) });

export type AnalyticsEventInput = z.infer<typeof AnalyticsEventSchema>;

/** Event names the shell sends (SPEC.md section 7). */
export const EVENTS = {
  siteDown: "Site Down",
  navMenuClick: "Nav Menu Click",
  navSubmenuClick: "Nav Submenu Click",
  mobileNavMenuClick: "Mobile Nav Menu Click",
  hamburgerMenuClick: "Hamburger Menu Click",
  loginButtonClicked: "Login button clicked",
  logoutClicked: "Logout clicked",
  earn: "Earn",
  quizStarted: "Quiz Started",
  emailSubmitted: "Email Submitted",
  buttonClicked: "Button Clicked",
} as const;
