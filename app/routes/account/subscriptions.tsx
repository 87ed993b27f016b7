import { data } from "react-router";
import { describeValidationFailure } from "../../../domain/errors";
import { SubscriptionActionSchema } from "../../../domain/subscription-requests";
import { formatDay } from "../../components/subscriptions/format";
import { SubscriptionsPage } from "../../components/subscriptions/SubscriptionsPage";
import { ProductPhotos } from "../../components/product/product-photos";
import { describeAction } from "../../components/subscriptions/action-result";
import { intentOf } from "../../components/subscriptions/intents";
import { formResult, requireMember } from "../../components/subscriptions/member.server";
import type { Route } from "./+types/subscriptions";
import "../../components/subscriptions/portal.css";

/** /account/subscriptions/: every subscription the member holds, the Next Shipment actions, and reactivation. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  const subscriptions = await context.subscriptions.list();
  const [options, photos] = await Promise.all([
    Promise.all(subscriptions.map(async (s) => [s.id, await context.subscriptions.plansFor(s.id)] as const)),
    context.catalog.photos(),
  ]);
  return { subscriptions, plans: Object.fromEntries(options), bounds: context.subscriptions.dateBounds(), photos };
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
      ? { ok: true as const, id, message: `Welcome back—your subscription is active again. Your next shipment is on ${formatDay(result.value.nextBillingAt)}.`, undo: null }
      : data({ ok: false as const, id, error: result.error }, { status: result.status });
  }
  const parsed = SubscriptionActionSchema.safeParse(intent);
  if (!parsed.success) return data({ ok: false as const, id, error: describeValidationFailure(parsed.error) }, { status: 400 });
  // The subscription before the action, so the answer can say what changed and offer the way back.
  const result = await formResult(request, async () => {
    const before = await context.subscriptions.get(id);
    return { before, after: await context.subscriptions.act(id, parsed.data) };
  });
  if (!result.ok) return data({ ok: false as const, id, error: result.error }, { status: result.status });
  const outcome = describeAction(parsed.data, result.value.before, result.value.after, context.subscriptions.dateBounds());
  return { ok: true as const, id, ...outcome };
}

export const meta: Route.MetaFunction = () => [{ title: "Subscriptions | Seed" }, { name: "robots", content: "noindex" }];

export default function Subscriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, ...page } = loaderData;
  return (
    <ProductPhotos photos={photos}>
      <SubscriptionsPage {...page} result={actionData ?? null} />
    </ProductPhotos>
  );
}
