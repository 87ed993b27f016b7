import { TRANSIT_BUSINESS_DAYS, type ShippingMethod } from "./shipping";

/**
 * When a parcel should arrive, for the thank-you page (issue 34): orders leave us the next business day, then take
 * their method's transit days (SHIPPING_LABELS says the same days). Business days are Monday to Friday in UTC, the
 * calendar billing runs on; public holidays are not counted, so the window is an estimate and says so.
 */
export const DISPATCH_BUSINESS_DAYS = 1;

export interface DeliveryWindow {
  earliest: Date;
  latest: Date;
}

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** `days` business days after `from` (a Saturday order's first business day is Monday). */
export function addBusinessDays(from: Date, days: number): Date {
  const d = new Date(from);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!isWeekend(d)) left -= 1;
  }
  return d;
}

export function deliveryWindow(method: ShippingMethod, placedAt: Date): DeliveryWindow {
  const [fewest, most] = TRANSIT_BUSINESS_DAYS[method];
  return { earliest: addBusinessDays(placedAt, DISPATCH_BUSINESS_DAYS + fewest), latest: addBusinessDays(placedAt, DISPATCH_BUSINESS_DAYS + most) };
}
