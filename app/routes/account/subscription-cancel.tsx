import { data, redirect } from "react-router";
import { describeValidationFailure } from "../../../domain/errors";
import { portalPath } from "../../../domain/portal-routes";
import { ROUTES } from "../../../domain/routes";
import { ACTION_SUCCESS_MESSAGE } from "../../../domain/subscription-actions";
import { CancellationSchema, SubscriptionActionSchema } from "../../../domain/subscription-requests";
import { CancelPage } from "../../components/subscriptions/CancelPage";
import { intentOf } from "../../components/subscriptions/intents";
import { formResult, notFoundUnlessOwn, requireMember } from "../../components/subscriptions/member.server";
import type { Route } from "./+types/subscription-cancel";
import "../../components/subscriptions/portal.css";

/**
 * The cancel screen: reasons, the save offer that fits, what the member loses, and "Cancel subscription" always on
 * the same screen (California ARL as amended 2025: no obstruction; one screen, one click).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireMember(context, request);
  const subscription = await context.subscriptions.get(params.id).catch(notFoundUnlessOwn);
  if (subscription.status !== "active") throw redirect(portalPath("subscription_canceled", params.id));
  return { subscription, options: await context.subscriptions.cancellationOptions(params.id) };
}

const optionalNumber = (v: FormDataEntryValue | null) => (v === null || v === "" ? undefined : v);

export async function action({ context, request, params }: Route.ActionArgs) {
  requireMember(context, request);
  const form = await request.formData();
  const reasons = CancellationSchema.safeParse({
    cancellationReasonId: optionalNumber(form.get("cancellationReasonId")),
    cancellationReasonText: String(form.get("cancellationReasonText") ?? "") || undefined,
    // A follow-up answer counts only under the reason it belongs to.
    secondaryReasonId: form.get("cancellationReasonId") === "4" ? optionalNumber(form.get("secondaryReasonId")) : undefined,
  });
  if (!reasons.success) return data({ kind: "error" as const, error: describeValidationFailure(reasons.error) }, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  if (intent === "cancel") {
    const result = await formResult(request, () => context.subscriptions.cancel(params.id, reasons.data));
    if (!result.ok) return data({ kind: "error" as const, error: result.error }, { status: result.status });
    throw redirect(portalPath("subscription_canceled", params.id));
  }
  if (intent === "keep-discount") {
    const result = await formResult(request, () => context.subscriptions.acceptOffer(params.id, reasons.data.cancellationReasonId ?? null));
    if (!result.ok) return data({ kind: "error" as const, error: result.error }, { status: result.status });
    return { kind: "kept" as const, message: `${ACTION_SUCCESS_MESSAGE} Your next shipment is 20% off.` };
  }
  const parsed = SubscriptionActionSchema.safeParse(intentOf(form));
  if (!parsed.success) return data({ kind: "error" as const, error: describeValidationFailure(parsed.error) }, { status: 400 });
  const result = await formResult(request, () => context.subscriptions.act(params.id, parsed.data));
  if (!result.ok) return data({ kind: "error" as const, error: result.error }, { status: result.status });
  return { kind: "kept" as const, message: ACTION_SUCCESS_MESSAGE };
}

export const meta: Route.MetaFunction = () => [{ title: "Cancel your subscription | Seed" }, { name: "robots", content: "noindex" }];

export default function SubscriptionCancel({ loaderData, actionData }: Route.ComponentProps) {
  return <CancelPage {...loaderData} result={actionData ?? null} subscriptionsPath={ROUTES.subscriptions} />;
}
