import { Form } from "react-router";
import { ROUTES } from "../../../domain/routes";

export function ReactivateForm({ id, name }: { id: string; name: string }) {
  return (
    <Form method="post" action={ROUTES.subscriptions} className="portal__inline-form">
      <input type="hidden" name="subscriptionId" value={id} />
      <button type="submit" name="intent" value="reactivate" className="button button--small" aria-label={`Reactivate ${name}`}>
        Reactivate
      </button>
    </Form>
  );
}
