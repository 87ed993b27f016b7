/**
 * The next billing date: the same day of the month, n months later, clamped to the month's last day
 * (Jan 31 + 1 month = Feb 28/29), in UTC.
 */
export function addMonths(from: Date, months: number): Date {
  const day = from.getUTCDate();
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last day (28–31) of a month, in UTC. */
export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * `months` later on the subscription's billing day (its anchor, 1–31), clamped to the month's last day, keeping the
 * time of day. Unlike chaining addMonths, the day does not drift: Jan 31 → Feb 28 → Mar 31, never Mar 28.
 */
export function addMonthsOnDay(from: Date, months: number, anchorDay: number): Date {
  const y = from.getUTCFullYear();
  const m = from.getUTCMonth() + months;
  const target = new Date(Date.UTC(y, m, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
  target.setUTCDate(Math.min(anchorDay, daysInMonth(target.getUTCFullYear(), target.getUTCMonth())));
  return target;
}

/** A subscription's schedule: when it is billed next, every how many months, and on which day of the month. */
export interface BillingSchedule {
  nextBillingAt: Date;
  billingPeriodMonths: number;
  /** The day of the month it is billed on (1–31); a short month bills on its last day. */
  anchorDay: number;
}

/** The billing day of a schedule that has none recorded: the day of its next billing date. */
export function anchorDayOf(date: Date, recorded: number | null | undefined): number {
  return recorded ?? date.getUTCDate();
}

/** The billing date after a charge (or a skipped shipment): one billing period later, on the billing day. */
export function advanceSchedule(s: BillingSchedule): BillingSchedule {
  return { ...s, nextBillingAt: addMonthsOnDay(s.nextBillingAt, s.billingPeriodMonths, s.anchorDay) };
}

/** Skip the next shipment: it is neither charged nor shipped, and the one after it keeps its date. */
export const skipShipment = advanceSchedule;

/** Delay the next shipment by one or more months (SPEC.md section 4: "Delay One Month", "Delay Two Months"). */
export function delaySchedule(s: BillingSchedule, months: number): BillingSchedule {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`a delay is a whole number of months: ${months}`);
  return { ...s, nextBillingAt: addMonthsOnDay(s.nextBillingAt, months, s.anchorDay) };
}

/** "Select Next Date": the chosen date becomes the next billing date and its day the billing day. */
export function rescheduleTo(s: BillingSchedule, date: Date): BillingSchedule {
  return { ...s, nextBillingAt: date, anchorDay: date.getUTCDate() };
}

/** The next `count` billing dates, the first being the next billing date; always strictly increasing. */
export function nextBillingDates(s: BillingSchedule, count: number): Date[] {
  const dates: Date[] = [];
  let current = s;
  for (let i = 0; i < count; i++) {
    dates.push(current.nextBillingAt);
    current = advanceSchedule(current);
  }
  return dates;
}

/**
 * The billing period a charge belongs to, named by the date it was due (YYYY-MM-DD in UTC). With the subscription's
 * id it is the renewal's idempotency key: one charge and one order per subscription and period.
 */
export function billingPeriodOf(dueAt: Date): string {
  return dueAt.toISOString().slice(0, 10);
}

/** SPEC.md section 9: the reminder goes out 3 days before each shipment. */
export const REMINDER_DAYS_BEFORE = 3;
export function reminderDueAt(nextBillingAt: Date): Date {
  return new Date(nextBillingAt.getTime() - REMINDER_DAYS_BEFORE * DAY_MS);
}

/** A price change reaches a subscriber only on a charge at least this long after the notice was sent. */
export const PRICE_NOTICE_DAYS = 7;
export function noticeCoversCharge(noticeSentAt: Date, chargeAt: Date): boolean {
  return chargeAt.getTime() - noticeSentAt.getTime() >= PRICE_NOTICE_DAYS * DAY_MS;
}
