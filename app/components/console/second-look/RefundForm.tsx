import { Dialog } from "@base-ui/react/dialog";
import { useEffect, useState, type FormEvent } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { Money } from "../ui";
import { refundConfirmPath, RefundConfirmForm, RefundEffects, type RefundPreviewView } from "./RefundConfirmation";

type Payment = { id: string; brand: string; last4: string; refundable: number; currency: string };
type Look = { number: string; full: boolean; refundKey: string; preview: RefundPreviewView | null; problem: string | null };

/**
 * The order page's refund form. Before scripts it is a plain GET to the confirmation page; with scripts the same page's
 * answer fills a dialog (Base UI: focus moves in, stays in, and returns to the button; Escape closes), and the
 * confirm posts through a fetcher, so a refusal (the order number mistyped) shows in the dialog.
 */
export function RefundForm({ orderNumber, currency, payments }: { orderNumber: string; currency: string; payments: Payment[] }) {
  const look = useFetcher<Look>();
  const confirm = useFetcher<{ ok: false; error: string }>();
  const [open, setOpen] = useState(false);
  // A confirmed refund redirects to the order page (a new location): the dialog has done its work.
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  const refundable = payments.filter((p) => p.refundable > 0);
  const path = refundConfirmPath(orderNumber);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget, submitter)) if (typeof value === "string" && value) query.set(key, value);
    look.load(`${path}?${query}`);
    setOpen(true);
  };
  const data = look.state === "idle" ? look.data : undefined;
  return (
    <>
      <Form method="get" action={path} onSubmit={ask} className="c-card c-form" aria-label="Refund">
        {payments.length > 1 ? (
          <label className="c-field">
            Payment
            <select name="paymentId">
              {refundable.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.brand} {p.last4}, {(p.refundable / 100).toFixed(2)} {p.currency} left
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="c-field">
          Amount to refund ({currency})
          <input name="amount" inputMode="decimal" pattern="[0-9]{1,7}([.][0-9]{1,2})?" placeholder="12.50" aria-describedby="refund-amount-hint" />
          <span className="c-hint" id="refund-amount-hint">
            Up to <Money amount={refundable.reduce((n, p) => n + p.refundable, 0)} currency={currency} />. You see what the refund does, and confirm it, next.
          </span>
        </label>
        <div className="c-form-row">
          <button type="submit" className="c-button">
            Refund this amount…
          </button>
          <button type="submit" name="full" value="1" className="c-button c-button-danger-quiet" formNoValidate>
            Refund everything left…
          </button>
        </div>
      </Form>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Backdrop className="c-dialog-backdrop" />
          <Dialog.Popup className="c-dialog" data-testid="refund-dialog">
            <Dialog.Title className="c-dialog-title">Confirm the refund</Dialog.Title>
            {!data ? (
              <p role="status">Working out what this refund does…</p>
            ) : data.preview ? (
              <>
                <RefundEffects preview={data.preview} />
                <RefundConfirmForm
                  key={data.refundKey}
                  preview={data.preview}
                  refundKey={data.refundKey}
                  full={data.full}
                  Form={confirm.Form}
                  error={confirm.state === "idle" ? confirm.data?.error : undefined}
                  cancel={<Dialog.Close className="c-button c-button-quiet">Cancel, refund nothing</Dialog.Close>}
                />
              </>
            ) : (
              <>
                <p className="c-error" role="alert">
                  {data.problem}
                </p>
                <Dialog.Close className="c-button c-button-quiet">Back to the order</Dialog.Close>
              </>
            )}
          </Dialog.Popup>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
