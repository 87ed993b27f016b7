import { Form, Link } from "react-router";
import { ROUTES } from "../../../domain/routes";
import { formatDay } from "../../components/subscriptions/format";
import type { Route } from "./+types/confirm-charge";
import "../../components/subscriptions/portal.css";

/** The reminder's "Confirm this shipment" link for members who asked to confirm each charge: one button, no sign-in. */
export async function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const result = await context.subscriptions.confirmCharge(String(form.get("token") ?? ""));
  return result.ok ? { ok: true as const, billingAt: result.billingAt.toISOString() } : { ok: false as const, reason: result.reason };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
export const meta: Route.MetaFunction = () => [{ title: "Confirm your next shipment | Seed" }, { name: "robots", content: "noindex" }];

const WHY = {
  invalid: "This link is not valid any more. Sign in to see your subscription.",
  moved: "Your shipment date changed since we sent this email, so this link no longer applies. We will ask you again before the new date.",
  canceled: "This subscription is canceled, so there is nothing to confirm.",
} as const;

export default function ConfirmCharge({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main" className="portal portal--narrow">
      <h1 className="portal__title">Confirm your next shipment</h1>
      {actionData?.ok ? (
        <p role="status" className="portal__notice portal__notice--success">
          Thank you. Your shipment of {formatDay(actionData.billingAt)} is confirmed and will be charged and shipped on that day.
        </p>
      ) : actionData ? (
        <p role="alert" className="portal__notice portal__notice--error">
          {WHY[actionData.reason]}
        </p>
      ) : (
        <Form method="post" className="portal__form">
          <p>You asked us to check with you before each charge. Confirm, and we charge and ship on the date in your email. If you do nothing, we skip this shipment.</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="button">
            Confirm this shipment
          </button>
        </Form>
      )}
      <p className="portal__footnote">
        <Link to={ROUTES.subscriptions}>Manage your subscriptions</Link>
      </p>
    </main>
  );
}
