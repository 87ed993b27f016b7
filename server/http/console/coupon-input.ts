import { z } from "@hono/zod-openapi";
import { isWellFormedCouponCode, normaliseCouponCode } from "../../../domain/coupons";
import { CURRENCIES } from "../../../domain/money";
import type { CouponInput } from "../../modules/coupons";

const when = z.iso.datetime({ offset: true }).nullable().default(null);
const limit = z.number().int().min(1).max(10_000_000).nullable().default(null);

/** A coupon as an operator sets it: the console API's body, and what the console's form is read into. */
export const CouponBody = z
  .object({
    type: z.enum(["fixed", "percent"]),
    /** fixed: minor units (1500 = 15.00); percent: 0 < value <= 100. */
    value: z.number().positive(),
    currency: z.enum(CURRENCIES).nullable().default(null),
    plans: z.union([z.literal("all"), z.array(z.string().trim().min(1).max(80)).min(1).max(200)]).default("all"),
    startsAt: when,
    endsAt: when,
    maxRedemptions: limit,
    maxPerCustomer: limit,
    firstOrderOnly: z.boolean().default(false),
    duration: z.enum(["once", "forever"]).default("once"),
    active: z.boolean().default(true),
  })
  .superRefine((c, ctx) => {
    if (c.type === "percent" && c.value > 100) ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is at most 100." });
    if (c.type === "fixed" && !Number.isInteger(c.value)) ctx.addIssue({ code: "custom", path: ["value"], message: "A fixed amount is whole minor units (1500 = 15.00)." });
    if (c.type === "fixed" && !c.currency) ctx.addIssue({ code: "custom", path: ["currency"], message: "A fixed amount needs its currency." });
    if (c.startsAt && c.endsAt && new Date(c.endsAt) <= new Date(c.startsAt)) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "The end comes after the start." });
  });

export const CouponCode = z
  .string()
  .transform(normaliseCouponCode)
  .refine(isWellFormedCouponCode, "Letters, digits, - and _ only, at most 40 characters.");

export function toCouponInput(body: z.infer<typeof CouponBody>): CouponInput {
  return {
    ...body,
    currency: body.type === "fixed" ? body.currency : null,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
  };
}
