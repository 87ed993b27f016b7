import type { PlanCode } from "./plans";

/**
 * "I have too much": pack sizes of SPEC.md section 9 and the date a new pack must ship so it arrives as the old one
 * runs out. Daily 60 capsules / 30 days; 3-month 180 / 90; 6-month 360 / 180; vaginal starter 60 / 30; vaginal refill
 * 30 / 30 (the 3-month vaginal refill is three of those). Pediatric packs are not given by the spec: 30 sachets / 30 days.
 */
export interface PackSize {
  capsules: number;
  days: number;
}

export const PACK_SIZES: Readonly<Partial<Record<PlanCode, PackSize>>> = {
  "syn-wk": { capsules: 60, days: 30 },
  "syn-rf": { capsules: 60, days: 30 },
  "syn-wk-3mo": { capsules: 180, days: 90 },
  "syn-rf-3mo": { capsules: 180, days: 90 },
  "syn-wk-6mo": { capsules: 360, days: 180 },
  "syn-rf-6mo": { capsules: 360, days: 180 },
  "vs-wk": { capsules: 60, days: 30 },
  "vs-rf": { capsules: 30, days: 30 },
  "vs-rf-3mo": { capsules: 90, days: 90 },
  "pds-wk": { capsules: 30, days: 30 },
  "pds-rf": { capsules: 30, days: 30 },
};

/** Days between a charge and the parcel at the door: what we plan for, so nobody runs out. */
export const DELIVERY_DAYS = 5;
/** Nobody has more than a year of capsules at home; larger numbers are typing mistakes. */
export const MAX_CAPSULES_LEFT = 720;

const DAY_MS = 86_400_000;

/** How many days the capsules left last, at the daily dose of the plan (whole days, rounded down: never late). */
export function daysOfSupply(plan: PlanCode, capsulesLeft: number, quantity = 1): number | null {
  const pack = PACK_SIZES[plan];
  if (!pack || !Number.isInteger(capsulesLeft) || capsulesLeft < 0) return null;
  const perDay = (pack.capsules / pack.days) * Math.max(1, quantity);
  return Math.floor(capsulesLeft / perDay);
}

/**
 * The next charge date so the new pack arrives as the old one runs out: now + days of supply − delivery days,
 * never before `earliest` (the portal's first selectable day), at the current schedule's time of day.
 */
export function nextDateForSupply(input: { plan: PlanCode; capsulesLeft: number; quantity: number; now: Date; earliest: Date; current: Date }): Date | null {
  const days = daysOfSupply(input.plan, input.capsulesLeft, input.quantity);
  if (days === null) return null;
  const target = new Date(input.now.getTime() + (days - DELIVERY_DAYS) * DAY_MS);
  const day = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), target.getUTCDate(), input.current.getUTCHours(), input.current.getUTCMinutes(), input.current.getUTCSeconds()));
  return day < input.earliest ? new Date(Date.UTC(input.earliest.getUTCFullYear(), input.earliest.getUTCMonth(), input.earliest.getUTCDate(), input.current.getUTCHours(), input.current.getUTCMinutes(), input.current.getUTCSeconds())) : day;
}
