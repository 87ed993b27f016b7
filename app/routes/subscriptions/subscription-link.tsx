import { data, redirect } from "react-router";
import { ManageLinkPage } from "../../components/subscriptions/ManageLinkPage";
import { SubscriptionLinkPage } from "../../components/subscriptions/SubscriptionLinkPage";
import type { Route } from "./+types/subscription-link";

/**
 * The landing page of the one-click links in renewal emails (skip this shipment, cancel, update the card, confirm a
 * payment): the signed token stands in for signing in; the page confirms what will happen and a plain form does it.
 * "Manage" goes to the account's subscriptions page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const action = url.searchParams.get("action");
  const token = url.searchParams.get("token") ?? "";
  // A manage link shows the subscription with its skip and cancel links, no password needed (ADR 0063).
  if (action === "manage") {
    const manage = await context.subscriptionLinks.manage(token);
    if (manage.ok) return { view: null, error: null, token, done: null, manage: manage.value };
    return data({ view: null, error: manage.message, token, done: null, manage: null }, { status: manage.code === "NOT_FOUND" ? 404 : manage.code === "FORBIDDEN" ? 403 : 400 });
  }
  // Cancelling from the reminder is the same flow as the footer's "Cancel a subscription" (issue 13).
  if (action === "cancel") {
    const path = await context.subscriptions.cancelPathForReminder(token);
    if (path) throw redirect(path);
  }
  if (!context.subscriptionLinks.isAction(action)) throw data({ message: "This link is not valid." }, { status: 404 });
  const view = await context.subscriptionLinks.describe(action, token);
  if (!view.ok) return data({ view: null, error: view.message, token, done: null, manage: null }, { status: view.code === "NOT_FOUND" ? 404 : 400 });
  return { view: view.value, error: null, token, done: null, manage: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const action = String(form.get("action") ?? "");
  const token = String(form.get("token") ?? "");
  if (!context.subscriptionLinks.isAction(action)) throw data({ message: "This link is not valid." }, { status: 400 });
  const card =
    action === "update-card"
      ? { number: String(form.get("number") ?? ""), expMonth: Number(form.get("expMonth")), expYear: Number(form.get("expYear")), cvc: String(form.get("cvc") ?? "") }
      : null;
  const done = await context.subscriptionLinks.perform(action, token, card);
  if (!done.ok) {
    const view = await context.subscriptionLinks.describe(action, token);
    return data({ view: view.ok ? view.value : null, error: done.message, token, done: null }, { status: 400 });
  }
  return { view: null, error: null, token, done: done.value };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = () => [{ title: "Your subscription | Seed" }, { name: "robots", content: "noindex" }];

export default function SubscriptionLink({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const manage = "manage" in state ? state.manage : null;
  if (manage) return <ManageLinkPage view={manage} />;
  return <SubscriptionLinkPage view={state.view} error={state.error} token={state.token} done={state.done} />;
}
