import type { ComponentType, ReactNode, RefAttributes } from "react";
import type { FormProps } from "react-router";
import type { RefundPreview } from "../../../../domain/refund-preview";
import { Money } from "../ui";

/** The server's refund preview, as the page receives it. */
export type RefundPreviewView = RefundPreview;

/** What the refund does, in words: computed by the server from the code that will do it. */
export function RefundEffects({ preview }: { preview: RefundPreviewView }) {
  const { loyalty, fullRefund } = preview;
  const effects: ReactNode[] = [];
  effects.push(
    preview.remaining === 0 ? (
      "Nothing is left to refund of this payment afterwards; the order reads refunded."
    ) : (
      <>
        <Money amount={preview.remaining} currency={preview.currency} /> is left to refund afterwards; the order reads partially refunded.
      </>
    ),
  );
  effects.push(
    loyalty.points > 0 ? `${loyalty.points} loyalty point${loyalty.points === 1 ? "" : "s"} the refunded part earned come off the customer's points.` : "No loyalty points are taken back.",
  );
  if (loyalty.credit > 0 && loyalty.creditCurrency) {
    effects.push(
      <>
        <Money amount={loyalty.credit} currency={loyalty.creditCurrency} /> of credit the customer bought with those points is taken back (a debt if already spent).
      </>,
    );
  }
  const referral = fullRefund?.referral;
  if (referral) {
    effects.push(
      referral.outcome === "void" ? (
        "The referral this order counted for is voided: the referrer will not get the reward."
      ) : (
        <>
          The referrer's reward for this order is reversed: <Money amount={referral.creditTaken} currency={referral.currency} /> of their unspent credit is taken back.
        </>
      ),
    );
  } else if (fullRefund) {
    effects.push("No referral is affected.");
  }
  const back = fullRefund?.creditReturned;
  if (back) {
    effects.push(
      <>
        <Money amount={back.amount} currency={back.account.replace(/^credit:/, "")} /> of account credit this order spent goes back to the customer.
      </>,
    );
  }
  return (
    <div className="c-confirm" data-testid="refund-effects">
      <p className="c-confirm-amount">
        Refund <Money amount={preview.amount} currency={preview.currency} /> of order {preview.orderNumber}
      </p>
      <h3>What happens</h3>
      <ul className="c-confirm-effects">
        {effects.map((effect, i) => (
          <li key={i}>{effect}</li>
        ))}
      </ul>
      <h3>What the customer is told</h3>
      <div className="c-email-preview" aria-label="The email the customer gets">
        <div>
          <strong>To:</strong> {preview.email.to}
        </div>
        <div>
          <strong>Subject:</strong> {preview.email.subject}
        </div>
        <pre>{preview.email.text}</pre>
      </div>
    </div>
  );
}

/** The confirmation step's page: the order page's refund form asks it (GET), the confirm form posts to it. */
export const refundConfirmPath = (orderNumber: string) => `/console/orders/${encodeURIComponent(orderNumber)}/refund`;

/** React Router's Form, or a fetcher's (the dialog keeps its errors beside the button). */
type FormLike = ComponentType<FormProps & RefAttributes<HTMLFormElement>>;

/**
 * The confirm step: the reason, the order number typed when the refund empties the payment, and the button that says
 * the amount. Posts the amount confirmed (the server refuses a refund of any other amount, ADR 0075).
 */
export function RefundConfirmForm({ preview, refundKey, full, Form, error, cancel }: { preview: RefundPreviewView; refundKey: string; full: boolean; Form: FormLike; error?: string; cancel: ReactNode }) {
  const typedId = `refund-typed-${refundKey}`;
  return (
    <Form method="post" action={refundConfirmPath(preview.orderNumber)} className="c-confirm" aria-label="Confirm the refund">
      <input type="hidden" name="refundKey" value={refundKey} />
      {/* "Everything left" is checked as one on the server: if another refund landed meanwhile, it is refused. */}
      {full ? <input type="hidden" name="full" value="1" /> : null}
      <input type="hidden" name="paymentId" value={preview.paymentId} />
      <input type="hidden" name="confirmedAmount" value={preview.amount} />
      <label className="c-field">
        Reason (kept on the record, not sent to the customer)
        <input name="reason" required maxLength={500} />
      </label>
      {preview.emptiesPayment ? (
        <label className="c-field c-typed" htmlFor={typedId}>
          Type the order number {preview.orderNumber} to refund everything left
          <input id={typedId} name="confirmation" required autoComplete="off" spellCheck={false} pattern={`[A-Za-z]{2}-?[0-9]+`} aria-describedby={`${typedId}-hint`} />
          <span className="c-hint" id={`${typedId}-hint`}>
            This cannot be undone: the money goes back to the card.
          </span>
        </label>
      ) : null}
      {error ? (
        <p className="c-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="c-form-row">
        <button type="submit" className={`c-button ${preview.emptiesPayment ? "c-button-danger" : ""}`}>
          Refund <Money amount={preview.amount} currency={preview.currency} />
          {preview.emptiesPayment ? " (everything left)" : ""}
        </button>
        {cancel}
      </div>
    </Form>
  );
}
