import { Form } from "react-router";
import { FOUND_US_QUESTION } from "../../../domain/found-us";

/** What the answer's post said, for the card's status line. */
export interface FoundUsAnswer {
  saved: boolean;
  message: string;
}

/**
 * "How did you hear about Seed?" after paying (data-multiselect-experiment-checkout, ADR 0062): any number of boxes,
 * then Send. Optional and after the order, so it never stands between a shopper and paying. A plain form: it works
 * before JavaScript loads.
 */
export function FoundUsQuestion({ answer }: { answer: FoundUsAnswer | null }) {
  return (
    <section className="receipt-card receipt-card--found-us" aria-labelledby="found-us-title">
      <h2 id="found-us-title" className="receipt-card__title">
        One quick question
      </h2>
      {answer?.saved ? null : (
        <Form method="post" className="found-us__form">
          <input type="hidden" name="intent" value="found-us" />
          <fieldset className="found-us__fieldset" aria-describedby="found-us-help">
            <legend className="found-us__legend">{FOUND_US_QUESTION.title}</legend>
            <p id="found-us-help" className="found-us__help">
              {FOUND_US_QUESTION.help} Optional: it helps us spend less on advertising and more on research.
            </p>
            {FOUND_US_QUESTION.options.map((option) => (
              <label key={option.id} className="found-us__option">
                <input type="checkbox" name="found" value={option.id} /> {option.label}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--secondary">
            Send
          </button>
        </Form>
      )}
      {answer && (
        <p role="status" className={answer.saved ? "found-us__thanks" : "found-us__error"}>
          {answer.message}
        </p>
      )}
    </section>
  );
}
