import { Form } from "react-router";

/** What a claim answered, for the card's status line. */
export interface ClaimAnswer {
  sent: boolean;
  message: string;
}

/**
 * "Create your account" for a guest who has just bought (thank-you page, the order page of the confirmation email):
 * one press emails a link to the order's address. The link sets a password, or signs in an address that already has
 * one, so the words here never tell which (ADR 0063). A plain form: it works before JavaScript loads.
 */
export function ClaimAccount({ email, token, answer }: { email: string; token?: string; answer: ClaimAnswer | null }) {
  return (
    <section id="account" className="receipt-card receipt-card--claim" aria-labelledby="receipt-claim">
      <h2 id="receipt-claim" className="receipt-card__title">
        Create your account
      </h2>
      <p>
        Keep this order, your subscription and your invoices in one place, and change a delivery date or plan whenever you
        like. We will email <strong>{email}</strong> a link: it sets your password, or signs you in if you already have
        one.
      </p>
      {answer?.sent ? null : (
        <Form method="post" className="receipt-claim__form">
          <input type="hidden" name="intent" value="claim" />
          {token && <input type="hidden" name="token" value={token} />}
          <button type="submit" className="button">
            Email me the link
          </button>
        </Form>
      )}
      {answer && (
        <p role="status" className={answer.sent ? "receipt-claim__sent" : "receipt-claim__error"}>
          {answer.message}
        </p>
      )}
    </section>
  );
}
