import { Form, Link, useActionData } from "react-router";
import { consoleAct, consoleLoad } from "../../components/console/errors";
import { ActionMessage, Badge, When } from "../../components/console/ui";
import type { Route } from "./+types/email";

/**
 * One email as staff may see it (ADR 0055): who it went to, what kind, when, its status, and its parts with every code
 * and sign-in link hidden by the server. Opening it is on the audit record; "Send again" sends it without showing it.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return consoleLoad(async () => {
    const service = context.console.service();
    return { email: await service.email(params.id), mayResend: service.staff.permissions.includes("emails.resend") };
  });
}

export async function action({ context, params }: Route.ActionArgs) {
  return consoleAct(async () => {
    const outcome = await context.console.service().resendEmail(params.id);
    return outcome.fresh ? "A new email (with a new code or link) is on its way to the customer." : "The email is queued again and will be sent in a moment.";
  });
}

/** The page shows nothing an action changes: loading it again would only add another "opened" entry to the audit log. */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: { formMethod?: string; defaultShouldRevalidate: boolean }) =>
  formMethod ? false : defaultShouldRevalidate;

export const meta: Route.MetaFunction = () => [{ title: "Email | Seed console" }];

export default function ConsoleEmail({ loaderData }: Route.ComponentProps) {
  const { email, mayResend } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <p>
        <Link to="/console/emails">All emails</Link>
      </p>
      <h1>{email.subject}</h1>
      <p className="c-hint">Codes and sign-in links are hidden: staff never see them. Send the email again instead.</p>
      <dl className="c-dl">
        <dt>To</dt>
        <dd>{email.to}</dd>
        <dt>Kind</dt>
        <dd>{email.template}</dd>
        <dt>Queued</dt>
        <dd>
          <When iso={email.createdAt} />
        </dd>
        <dt>Sent</dt>
        <dd>
          <When iso={email.sentAt} />
        </dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={email.status}>{email.status}</Badge> {email.attempts > 0 ? <span className="c-hint">{email.attempts} tries</span> : null}
          {email.lastError ? <div className="c-hint">{email.lastError}</div> : null}
        </dd>
      </dl>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      {mayResend ? (
        <Form method="post">
          <button type="submit" className="c-button">
            Send again
          </button>
        </Form>
      ) : null}
      <h2>Text</h2>
      <pre className="c-pre">{email.text}</pre>
      <details>
        <summary>HTML part (source)</summary>
        <pre className="c-pre">{email.html}</pre>
      </details>
    </>
  );
}
