import { redirect } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { CanceledPage } from "../../components/subscriptions/CanceledPage";
import { notFoundUnlessOwn, requireMember } from "../../components/subscriptions/member.server";
import type { Route } from "./+types/subscription-canceled";
import "../../components/subscriptions/portal.css";

/** The cancellation-success page (SPEC.md section 2). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireMember(context, request);
  const subscription = await context.subscriptions.get(params.id).catch(notFoundUnlessOwn);
  if (subscription.status !== "canceled") throw redirect(ROUTES.subscriptions);
  return { subscription, email: context.viewer.email };
}

export const meta: Route.MetaFunction = () => [{ title: "Your subscription has been canceled | Seed" }, { name: "robots", content: "noindex" }];

export default function SubscriptionCanceled({ loaderData }: Route.ComponentProps) {
  return <CanceledPage {...loaderData} />;
}
