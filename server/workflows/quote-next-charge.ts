/**
 * The next charge's price lives with the subscriptions (server/modules/subscriptions/next-charge.ts) so the portal, the
 * reminders and the renewal engine all use one calculation (ADR 0030). This file keeps the engine's import path.
 */
export { previewNextCharge, quoteNextCharge, renewalCoupon, type NextCharge, type NextChargeWhatIf } from "../modules/subscriptions";
