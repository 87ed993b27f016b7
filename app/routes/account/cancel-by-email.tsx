import { data, Form, Link, redirect, useNavigation } from "react-router";
import { describeValidationFailure } from "../../../domain/errors";
import { portalPath } from "../../../domain/portal-routes";
import { ROUTES } from "../../../domain/routes";
import { CancelLinkRequestSchema } from "../../../domain/subscription-requests";
import type { Route } from "./+types/cancel-by-email";
import "../../components/subscriptions/portal.css";

/**
 * The footer's "Cancel a subscription" (§ 312k BGB: reachable from every page, no sign-in). A visitor gives only an
 * email address and gets a one-click link. A signed-in member goes straight to the cancel screen.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer.signedIn) return { signedIn: false as const };
  const held = (await context.subscriptions.list()).filter((s) => s.status === "active");
  if (held.length === 1) throw redirect(portalPath("subscription_cancel", held[0]!.id));
  throw redirect(ROUTES.subscriptions);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = CancelLinkRequestSchema.safeParse({ email: form.get("email") ?? "" });
  if (!parsed.success) return data({ sent: false as const, error: describeValidationFailure(parsed.error) }, { status: 400 });
  await context.subscriptions.requestCancelLink(parsed.data.email);
  return { sent: true as const, email: parsed.data.email };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const meta: Route.MetaFunction = () => [{ title: "Cancel a subscription | Seed" }, { name: "robots", content: "noindex" }];

export default function CancelByEmail({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main" className="portal portal--narrow">
      <h1 className="portal__title">Cancel a subscription</h1>
      {actionData?.sent ? (
        <div role="status" className="portal__notice portal__notice--success">
          <p>
            Check your inbox at <strong>{actionData.email}</strong>: if it has a Seed subscription, we sent it a link to cancel. The link works for 7 days
            and needs no password.
          </p>
        </div>
      ) : (
        <>
          <p className="portal__muted">No password needed. Tell us the email address of your subscription and we email you a link that cancels it in one click.</p>
          <Form method="post" className="portal__form">
            <label htmlFor="cancel-email" className="portal__label">
              Email
            </label>
            <input
              id="cancel-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={254}
              className="portal__input"
              aria-invalid={actionData?.error ? true : undefined}
              aria-describedby={actionData?.error ? "cancel-email-error" : undefined}
            />
            {actionData?.error && (
              <p id="cancel-email-error" role="alert" className="portal__field-error">
                Kindly enter a valid email address.
              </p>
            )}
            <button type="submit" className="button" disabled={busy}>
              Email me a cancellation link
            </button>
          </Form>
          <p className="portal__footnote">
            Signed in? <Link to={ROUTES.subscriptions}>Manage your subscriptions</Link> to cancel, delay or change them.
          </p>
        </>
      )}
    </main>
  );
}
