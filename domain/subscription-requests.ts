import { z } from "./zod";
import { MAX_CAPSULES_LEFT } from "./supply";
import { MAX_ADD_ON_QUANTITY } from "./subscription-actions";

/** Request bodies of the subscription portal, one schema for the pages' forms and the JSON API (SPEC.md sections 3 and 7). */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date (YYYY-MM-DD).");
const planCode = z.string().trim().min(2).max(40);
const count = (max: number) => z.coerce.number().int().min(1).max(max);

export const SubscriptionActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("delay"), months: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])) }),
  z.object({ action: z.literal("select_date"), date: isoDay }),
  z.object({ action: z.literal("ship_now") }),
  z.object({ action: z.literal("add_on"), planCode, quantity: count(MAX_ADD_ON_QUANTITY).default(1) }),
  z.object({ action: z.literal("remove_add_on"), addOnId: z.uuid() }),
  z.object({ action: z.literal("savings"), enroll: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]) }),
  z.object({ action: z.literal("too_much"), capsulesLeft: z.coerce.number().int().min(0).max(MAX_CAPSULES_LEFT) }),
  z.object({
    action: z.literal("confirm_each_charge"),
    enabled: z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]),
  }),
]);
export type SubscriptionAction = z.infer<typeof SubscriptionActionSchema>;

/** PUT /api/subscription: the subscription and one action. */
export const SubscriptionUpdateSchema = z.intersection(z.object({ subscriptionId: z.uuid() }), SubscriptionActionSchema);

/** PUT /api/subscription/{id}/change and /preview. */
export const PlanChangeSchema = z.object({ planCode, quantity: count(12) });
export type PlanChange = z.infer<typeof PlanChangeSchema>;

/** DELETE /api/subscription/{id}: the cancellation payload of SPEC.md section 3. */
export const CancellationSchema = z.strictObject({
  cancellationReasonId: z.coerce.number().int().min(1).max(999).optional(),
  cancellationReasonText: z.string().trim().max(500).optional(),
  secondaryReasonId: z.coerce.number().int().min(1).max(999).optional(),
});
export type CancellationInput = z.infer<typeof CancellationSchema>;

/** PUT /ecommerce/subscription/billing-date/: subscription_id plus an update object. */
export const BillingDateUpdateSchema = z.object({
  subscription_id: z.uuid(),
  update: z.union([z.object({ next_billing_date: isoDay }), z.object({ delay_months: z.union([z.literal(1), z.literal(2)]) }), z.object({ ship_now: z.literal(true) })]),
});

export const CancelLinkRequestSchema = z.strictObject({ email: z.string().trim().toLowerCase().max(254).pipe(z.email("Kindly enter a valid email address.")) });
