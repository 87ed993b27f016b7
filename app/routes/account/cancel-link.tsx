import { data, Form, Link } from "react-router";
import { CANCELED_MESSAGE } from "../../../domain/subscription-actions";
import { portalPath } from "../../../domain/portal-routes";
import { formatDay, formatDayTime } from "../../components/subscriptions/format";
import type { Route } from "./+types/cancel-link";
import "../../components/subscriptions/portal.css";

/**
 * The emailed one-click link (and the reminder's cancel link): one screen listing the address's subscriptions, each
 * with its Cancel button. Opening the link changes nothing (mail scanners prefetch links); the button does.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await context.subscriptions.fromCancelLink(token);
  return { token, link };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const id = String(form.get("subscriptionId") ?? "");
  try {
    const canceled = await context.subscriptions.cancelFromLink(token, id);
    if (!canceled) return data({ ok: false as const, error: "This link has expired. Ask for a new one below." }, { status: 400 });
    return { ok: true as const, name: canceled.planName, at: canceled.canceledAt! };
  } catch {
    return data({ ok: false as const, error: "We could not find that subscription for this link." }, { status: 404 });
  }
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
export const meta: Route.MetaFunction = () => [{ title: "Cancel your subscription | Seed" }, { name: "robots", content: "noindex" }];

export default function CancelLink({ loaderData, actionData }: Route.ComponentProps) {
  const { token, link } = loaderData;
  if (!link) {
    return (
      <main id="main" className="portal portal--narrow">
        <h1 className="portal__title">This link has expired</h1>
        <p>Cancellation links work for 7 days. Ask for a new one and it arrives in a minute.</p>
        <Link to={portalPath("cancel_subscription")} className="button">
          Email me a new link
        </Link>
      </main>
    );
  }
  return (
    <main id="main" className="portal portal--narrow">
      <h1 className="portal__title">Cancel your subscription</h1>
      {actionData?.ok && (
        <div role="status" className="portal__notice portal__notice--success">
          <p>
            <strong>{CANCELED_MESSAGE}</strong> {actionData.name} was canceled on {formatDayTime(actionData.at)}. We sent a confirmation to {link.email}.
          </p>
        </div>
      )}
      {actionData && !actionData.ok && (
        <p role="alert" className="portal__notice portal__notice--error">
          {actionData.error}
        </p>
      )}
      {link.subscriptions.length === 0 ? (
        <p>{link.email} has no active subscriptions left. Nothing more to cancel.</p>
      ) : (
        <>
          <p className="portal__muted">Subscriptions of {link.email}:</p>
          <ul className="portal__canceled-list">
            {link.subscriptions.map((s) => (
              <li key={s.id} className="portal__canceled-item">
                <div>
                  <p className="portal__name">{s.name}</p>
                  <p className="portal__muted">Next shipment {formatDay(s.nextBillingAt)}</p>
                </div>
                <Form method="post" className="portal__inline-form">
                  <input type="hidden" name="token" value={token} />
                  <input type="hidden" name="subscriptionId" value={s.id} />
                  <button type="submit" className="button button--small button--danger" aria-label={`Cancel ${s.name}`}>
                    Cancel subscription
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <p className="portal__hint">Loyalty points expire 90 days after you cancel, unless you reactivate before then.</p>
        </>
      )}
    </main>
  );
}
