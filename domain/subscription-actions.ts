import { addMonths } from "./billing-dates";
import type { PlanCode } from "./plans";

/**
 * What a member may do to a subscription from the portal (SPEC.md sections 2, 4 and 5), as pure rules.
 * Every action changes what the NEXT charge buys or when it happens; nothing already charged changes.
 */
export const ACTION_SUCCESS_MESSAGE = "Success—your subscription details were updated and will take effect on your next billing cycle.";
export const CANCELED_MESSAGE = "Your subscription has been canceled.";
export const NO_SUBSCRIPTIONS_MESSAGE = "You do not have any active subscriptions.";

const DAY_MS = 86_400_000;

/** The earliest a member may move a charge to: the day after tomorrow, so a reminder can still go out and the charge never runs twice in one night. */
export const MIN_LEAD_DAYS = 2;
/** The latest: half a year ahead. Longer pauses are a cancellation, which is one click away and reversible. */
export const MAX_AHEAD_DAYS = 180;

const startOfUtcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

export interface DateBounds {
  /** First selectable day (UTC midnight). */
  min: Date;
  /** Last selectable day (UTC midnight). */
  max: Date;
}

export function nextDateBounds(now: Date): DateBounds {
  const today = startOfUtcDay(now);
  return { min: new Date(today.getTime() + MIN_LEAD_DAYS * DAY_MS), max: new Date(today.getTime() + MAX_AHEAD_DAYS * DAY_MS) };
}

/** A chosen day (YYYY-MM-DD) as the next billing time, keeping the time of day of the current schedule; null when out of bounds. */
export function selectedNextDate(day: string, current: Date, now: Date): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(Date.UTC(y, mo, d, current.getUTCHours(), current.getUTCMinutes(), current.getUTCSeconds()));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo || date.getUTCDate() !== d) return null;
  const { min, max } = nextDateBounds(now);
  const dayStart = startOfUtcDay(date);
  return dayStart < min || dayStart > max ? null : date;
}

/** Delay One Month / Delay Two Months: the next charge moves by whole months (month ends clamp). */
export function delayedNextDate(current: Date, months: 1 | 2, now: Date): Date {
  // A charge already due (the engine has not run yet) is delayed from today, never into the past.
  const from = current < now ? now : current;
  return addMonths(from, months);
}

/** Ship now: the next charge runs at once (the renewal engine picks it up on its next pass). */
export function shipNowDate(now: Date): Date {
  return now;
}

export const toIsoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Plans a member can move between: the refills of one product, in their billing periods (SPEC.md sections 5 and 9). */
export const PLAN_FAMILIES = {
  daily: ["syn-rf", "syn-rf-3mo", "syn-rf-6mo"],
  vaginal: ["vs-rf", "vs-rf-3mo"],
} as const satisfies Record<string, readonly PlanCode[]>;

export type PlanFamily = keyof typeof PLAN_FAMILIES;

export function familyOf(plan: string): PlanFamily | null {
  for (const [family, plans] of Object.entries(PLAN_FAMILIES)) if ((plans as readonly string[]).includes(plan)) return family as PlanFamily;
  return null;
}

/** Every plan a subscription may renew into from the portal: the refills of the supported group. */
export const CHANGEABLE_PLANS: readonly PlanCode[] = [...PLAN_FAMILIES.daily, ...PLAN_FAMILIES.vaginal];

export type PlanMove = "same" | "change" | "not_allowed";

/**
 * Change: the same product's refill in another billing period. Never another product (issue 34, point 12): a DS-01
 * member has no use for the VS-01 refill, and its refill is sold for a jar the member does not have; another product is
 * a new order from its own page, with its starter.
 */
export function planMove(from: string, to: string): PlanMove {
  const a = familyOf(from);
  const b = familyOf(to);
  if (!a || !b || a !== b) return "not_allowed";
  return from === to ? "same" : "change";
}

/** The plans a subscription may be changed into from the portal: its own product's refills, in display order. */
export function plansToChangeInto(current: string): readonly PlanCode[] {
  const family = familyOf(current);
  return family ? PLAN_FAMILIES[family] : [];
}

/**
 * 'Save with Sustainable Refills': the refill every three months (10% off forever, and no international shipping fee);
 * 'Unenroll from Savings' goes back to the monthly refill. See docs/decisions/0011.
 */
export const SAVINGS_PLAN: Readonly<Record<PlanFamily, PlanCode>> = { daily: "syn-rf-3mo", vaginal: "vs-rf-3mo" };
export const MONTHLY_PLAN: Readonly<Record<PlanFamily, PlanCode>> = { daily: "syn-rf", vaginal: "vs-rf" };

export function isOnSavings(plan: string): boolean {
  const family = familyOf(plan);
  return family !== null && plan !== MONTHLY_PLAN[family];
}

/** One-time items a member may add to the next shipment. */
export const ADD_ON_PLANS: readonly PlanCode[] = ["syn-gr", "syn-wk-gift-2020", "vs-rst"];
export const MAX_ADD_ON_QUANTITY = 5;
