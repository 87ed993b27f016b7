import { data, redirect } from "react-router";
import { describeValidationFailure } from "../../../domain/errors";
import { ROUTES } from "../../../domain/routes";
import { PlanChangeSchema } from "../../../domain/subscription-requests";
import { ChangePlanPage } from "../../components/subscriptions/ChangePlanPage";
import { describePlanChange } from "../../components/subscriptions/action-result";
import { formResult, notFoundUnlessOwn, requireMember } from "../../components/subscriptions/member.server";
import { planCardsFor } from "../../components/subscriptions/plan-cards";
import type { Route } from "./+types/subscription-change";
import "../../components/product/product.css";
import "../../components/subscriptions/portal.css";

/** Change plan within the member's own product's refills, or the quantity; the preview prices the next charge first. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireMember(context, request);
  const subscription = await context.subscriptions.get(params.id).catch(notFoundUnlessOwn);
  if (subscription.status !== "active") throw redirect(ROUTES.subscriptions);
  const cards = planCardsFor(subscription.planCode, await context.subscriptions.plansFor(params.id));
  return { subscription, cards };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  requireMember(context, request);
  const form = await request.formData();
  const parsed = PlanChangeSchema.safeParse({ planCode: form.get("planCode"), quantity: form.get("quantity") });
  if (!parsed.success) return data({ kind: "error" as const, error: describeValidationFailure(parsed.error) }, { status: 400 });
  if (form.get("intent") === "confirm") {
    const result = await formResult(request, async () => {
      const before = await context.subscriptions.get(params.id);
      return { before, after: await context.subscriptions.change(params.id, parsed.data) };
    });
    if (!result.ok) return data({ kind: "error" as const, error: result.error }, { status: result.status });
    const { before, after } = result.value;
    return { kind: "changed" as const, subscription: after, outcome: describePlanChange(before, after) };
  }
  const result = await formResult(request, () => context.subscriptions.preview(params.id, parsed.data));
  if (!result.ok) return data({ kind: "error" as const, error: result.error }, { status: result.status });
  return { kind: "preview" as const, change: parsed.data, ...result.value };
}

export const meta: Route.MetaFunction = () => [{ title: "Change your subscription | Seed" }, { name: "robots", content: "noindex" }];

export default function SubscriptionChange({ loaderData, actionData }: Route.ComponentProps) {
  return <ChangePlanPage {...loaderData} result={actionData ?? null} />;
}
