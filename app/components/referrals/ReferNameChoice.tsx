import { Form } from "react-router";

/**
 * The member's choice to be named on their link's page (ADR 0063): off until they turn it on, and only the first name.
 * A plain form, so it works before JavaScript loads.
 */
export function ReferNameChoice({ showsName, saved }: { showsName: boolean; saved: string | null }) {
  return (
    <Form method="post" className="refer-name" aria-labelledby="refer-name-title">
      <h2 id="refer-name-title" className="refer-name__title">
        What your friends see
      </h2>
      <input type="hidden" name="intent" value="show-name" />
      <label className="refer-name__choice">
        <input type="checkbox" name="showsName" value="yes" defaultChecked={showsName} data-testid="refer-shows-name" />
        <span>Show my first name on my link's page, so friends know the offer is from me</span>
      </label>
      <p className="refer-muted">Off: the page says "A Seed member sent you". Nothing else about you is ever shown.</p>
      <div className="refer-row">
        <button type="submit" className="button button--secondary">
          Save choice
        </button>
        {saved && (
          <p role="status" className="refer-ok">
            {saved}
          </p>
        )}
      </div>
    </Form>
  );
}
