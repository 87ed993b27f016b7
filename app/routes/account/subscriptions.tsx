import { data } from "react-router";
import { describeValidationFailure } from "../../../domain/errors";
import { ACTION_SUCCESS_MESSAGE } from "../../../domain/subscription-actions";
import { SubscriptionActionSchema } from "../../../domain/subscription-requests";
import { SubscriptionsPage } from "../../components/subscriptions/SubscriptionsPage";
import { intentOf } from "../../components/subscriptions/intents";
import { formResult, requireMember } from "../../components/subscriptions/member.server";
import type { Route } from "./+types/subscriptions";
import "../../components/subscriptions/portal.css";

/** /account/subscriptions/: every subscription the member holds, the Next Shipment actions, and reactivation. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  const subscriptions = await context.subscriptions.list();
  const options = await Promise.all(subscriptions.map(async (s) => [s.id, await context.subscriptions.plansFor(s.id)] as const));
  return { subscriptions, plans: Object.fromEntries(options), bounds: context.subscriptions.dateBounds() };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireMember(context, request);
  const form = await request.formData();
  const id = String(form.get("subscriptionId") ?? "");
  const intent = intentOf(form);
  if (!intent) return data({ ok: false as const, id, error: "That action is not offered." }, { status: 400 });
  if (intent.action === "reactivate") {
    const result = await formResult(request, () => context.subscriptions.reactivate(id));
    return result.ok
      ? { ok: true as const, id, message: "Welcome back—your subscription is active again." }
      : data({ ok: false as const, id, error: result.error }, { status: result.status });
  }
  const parsed = SubscriptionActionSchema.safeParse(intent);
  if (!parsed.success) return data({ ok: false as const, id, error: describeValidationFailure(parsed.error) }, { status: 400 });
  const result = await formResult(request, () => context.subscriptions.act(id, parsed.data));
  return result.ok ? { ok: true as const, id, message: ACTION_SUCCESS_MESSAGE } : data({ ok: false as const, id, error: result.error }, { status: result.status });
}

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Seed" }, { name: "robots", content: "noindex" }];

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  return <SubscriptionsPage {...loaderData} result={actionData ?? null} />;
}
