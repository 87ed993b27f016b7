import { Link } from "react-router";
import { ROUTES } from "../../../domain/routes";

interface ManageView {
  productName: string;
  status: string;
  nextCharge: string | null;
  skipPath: string | null;
  cancelPath: string | null;
}

const STATUS_WORDS: Record<string, string> = { active: "Active", paused: "Paused", canceled: "Canceled" };

/**
 * A subscription opened from an email's "Manage" link without a password (ADR 0063): its plan, status and next charge,
 * and the two changes a link may make (skip the next shipment, cancel), each behind its own confirmation screen.
 */
export function ManageLinkPage({ view }: { view: ManageView }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-5 py-12">
      <p className="text-sm font-semibold uppercase tracking-widest text-gray-700">Your subscription</p>
      <h1 className="mb-2 text-2xl font-bold">{view.productName}</h1>
      <dl className="mb-6 space-y-2">
        <div>
          <dt className="font-semibold">Status</dt>
          <dd>{STATUS_WORDS[view.status] ?? view.status}</dd>
        </div>
        {view.nextCharge && (
          <div>
            <dt className="font-semibold">Next charge</dt>
            <dd>{view.nextCharge}</dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap gap-3">
        {view.skipPath && (
          <Link to={view.skipPath} className="button">
            Skip the next shipment
          </Link>
        )}
        {view.cancelPath && (
          <Link to={view.cancelPath} className="button button--secondary">
            Cancel subscription
          </Link>
        )}
      </div>
      <p className="mt-8">
        To change the plan, the delivery date or the address,{" "}
        <Link to={ROUTES.subscriptions} className="underline">
          sign in to your account
        </Link>
        .
      </p>
    </main>
  );
}
