import { Form, Link } from "react-router";
import { ROUTES } from "../../../domain/routes";

interface LinkView {
  action: "skip" | "cancel" | "update-card" | "confirm-payment";
  productName: string;
  summary: string;
  closed: string | null;
}

const TITLES: Record<LinkView["action"], { title: string; button: string }> = {
  skip: { title: "Skip this shipment", button: "Yes, skip this shipment" },
  cancel: { title: "Cancel your subscription", button: "Yes, cancel my subscription" },
  "update-card": { title: "Update your card", button: "Save my card" },
  "confirm-payment": { title: "Confirm your payment", button: "Confirm my payment" },
};

const field = "mt-1 block w-full rounded border border-gray-500 px-3 py-2 text-base";

/** One confirmation screen between an email link and the change it makes; works without JavaScript. */
export function SubscriptionLinkPage({ view, error, token, done }: { view: LinkView | null; error: string | null; token: string; done: string | null }) {
  return (
    <main id="main" className="mx-auto max-w-xl px-5 py-12">
      {done ? (
        <>
          <h1 className="mb-4 text-2xl font-bold">All set</h1>
          <p role="status" className="mb-6 text-lg">
            {done}
          </p>
        </>
      ) : view ? (
        <>
          <h1 className="mb-2 text-2xl font-bold">{TITLES[view.action].title}</h1>
          <p className="mb-4 text-gray-800">{view.productName}</p>
          {error && (
            <p role="alert" className="mb-4 rounded border border-red-700 bg-red-50 p-3 text-red-900">
              {error}
            </p>
          )}
          {view.closed ? (
            <p className="mb-6">{view.closed}</p>
          ) : (
            <Form method="post" className="space-y-4">
              <p>{view.summary}</p>
              <input type="hidden" name="action" value={view.action} />
              <input type="hidden" name="token" value={token} />
              {view.action === "update-card" && <CardFields />}
              <button type="submit" className="button">
                {TITLES[view.action].button}
              </button>
            </Form>
          )}
        </>
      ) : (
        <>
          <h1 className="mb-4 text-2xl font-bold">This link cannot be used</h1>
          <p className="mb-6">{error ?? "This link is not valid."}</p>
        </>
      )}
      <p className="mt-8">
        <Link to={ROUTES.subscriptions} className="underline">
          Manage your subscription in your account
        </Link>
      </p>
    </main>
  );
}

function CardFields() {
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold">Your new card</legend>
      <label className="block">
        Card number
        <input name="number" inputMode="numeric" autoComplete="cc-number" required maxLength={23} className={field} />
      </label>
      {/* items-end: a label that wraps on a phone ("Security code") keeps its box level with the others. */}
      <div className="flex items-end gap-3">
        <label className="block flex-1">
          Month (MM)
          <input name="expMonth" inputMode="numeric" autoComplete="cc-exp-month" required maxLength={2} className={field} />
        </label>
        <label className="block flex-1">
          Year (YYYY)
          <input name="expYear" inputMode="numeric" autoComplete="cc-exp-year" required maxLength={4} className={field} />
        </label>
        <label className="block flex-1">
          Security code
          <input name="cvc" inputMode="numeric" autoComplete="cc-csc" required maxLength={4} className={field} />
        </label>
      </div>
    </fieldset>
  );
}
