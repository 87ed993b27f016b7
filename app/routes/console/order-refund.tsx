import { Form, Link, redirect, useActionData, type ShouldRevalidateFunction } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { RefundConfirmForm, RefundEffects, type RefundPreviewView } from "../../components/console/second-look/RefundConfirmation";
import "../../components/console/second-look/second-look.css";
import type { Route } from "./+types/order-refund";

/**
 * A refund's second look (issue 36, ADR 0075). The order page's refund form asks here first (a plain GET, so it works
 * before scripts; with scripts the same answer fills a dialog): what the refund will do, computed by the server from
 * the code that does it. The confirm form posts back here; the refund goes through only with the amount shown (and
 * the order number typed when it empties the payment), then the order page says what was done.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const full = query.get("full") === "1" || !query.get("amount")?.trim();
  const typed = (query.get("amount") ?? "").trim();
  const paymentId = query.get("paymentId") || undefined;
  return consoleLoad(async () => {
    const service = context.console.service();
    // A new key per look: confirming the same look twice (a double click, a retried request) refunds once.
    const base = { number: params.number, full, refundKey: crypto.randomUUID() };
    if (!full && !/^\d{1,7}(\.\d{1,2})?$/.test(typed)) return { ...base, preview: null, problem: "Enter the amount to refund, like 12.50, or leave it empty to refund everything left." };
    try {
      const preview: RefundPreviewView = await service.refundPreview(params.number, { paymentId, ...(full ? { full: true } : { amount: Math.round(Number(typed) * 100) }) });
      return { ...base, preview, problem: null };
    } catch (error) {
      const e = error as { code?: string; message?: string };
      // Refusals the person can act on are shown beside the way back; anything else is the page's error.
      if (e.code === "REFUND_EXCEEDS_BALANCE" || e.code === "VALIDATION_ERROR") return { ...base, preview: null, problem: e.message ?? "This refund cannot be made." };
      throw error;
    }
  });
}

/** A look stays as it was through a refused confirm (same preview, same key: a retry refunds once). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod && formMethod.toUpperCase() !== "GET" ? false : defaultShouldRevalidate);

export async function action({ request, context, params }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    const confirmedAmount = /^\d{1,9}$/.test(fields.confirmedAmount ?? "") ? Number(fields.confirmedAmount) : undefined;
    const full = fields.full === "1";
    const outcome = await context.console.service().refundOrder(params.number, {
      paymentId: fields.paymentId || undefined,
      ...(full ? { full: true } : { amount: confirmedAmount }),
      reason: fields.reason ?? "",
      idempotencyKey: fields.refundKey ?? "",
      confirmedAmount,
      confirmation: fields.confirmation,
    });
    const done = new URLSearchParams({ refunded: outcome.refund.id, ...(outcome.replay ? { replay: "1" } : {}) });
    return redirect(`/console/orders/${encodeURIComponent(params.number)}?${done}#order-refunds`);
  });
}

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Confirm a refund of ${params.number} | Seed console` }];

export default function ConsoleOrderRefund({ loaderData }: Route.ComponentProps) {
  const { number, preview, problem, refundKey, full } = loaderData;
  const result = useActionData<typeof action>();
  const back = <Link to={`/console/orders/${number}`}>Back to the order, refund nothing</Link>;
  return (
    <>
      <p>
        <Link to={`/console/orders/${number}`}>Order {number}</Link>
      </p>
      <h1>Confirm the refund</h1>
      {preview ? (
        <section className="c-card c-danger-zone" aria-label="What this refund does">
          <RefundEffects preview={preview} />
          <RefundConfirmForm preview={preview} refundKey={refundKey} full={full} Form={Form} error={result && "ok" in result && !result.ok ? result.error : undefined} cancel={back} />
        </section>
      ) : (
        <>
          <p className="c-error" role="alert">
            {problem}
          </p>
          <p>{back}</p>
        </>
      )}
    </>
  );
}

