import { Form, Link, useActionData } from "react-router";
import { consoleAct, consoleLoad, formFields } from "../../components/console/errors";
import { ActionMessage, Badge, Pager, When, CsvLink } from "../../components/console/ui";
import type { Route } from "./+types/emails";

const STATUSES = ["queued", "sent", "failed"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const raw = params.get("status") ?? "";
  const status = (STATUSES as readonly string[]).includes(raw) ? (raw as (typeof STATUSES)[number]) : undefined;
  return consoleLoad(async () => {
    const service = context.console.service();
    return { status: status ?? "", page: await service.emails({ status, before: params.get("before") ?? undefined }), mayRequeue: service.staff.permissions.includes("emails.requeue"), mayExport: service.staff.permissions.includes("emails.export") };
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  return consoleAct(async () => {
    await context.console.service().requeueEmail(fields.emailId ?? "");
    return "The email is back in the queue and will be sent in a moment.";
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Emails | Seed console" }];

export default function ConsoleEmails({ loaderData }: Route.ComponentProps) {
  const { status, page, mayRequeue } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <>
      <h1>Emails</h1>
      <CsvLink list="emails" filters={{ status: loaderData.status }} may={loaderData.mayExport} />
      <nav aria-label="Filter by status" className="c-form-row">
        <Link to="/console/emails" aria-current={status === "" ? "page" : undefined}>
          All
        </Link>
        {STATUSES.map((s) => (
          <Link key={s} to={`/console/emails?status=${s}`} aria-current={status === s ? "page" : undefined}>
            {s === "failed" ? "Failed" : s === "sent" ? "Sent" : "Waiting to send"}
          </Link>
        ))}
      </nav>
      <ActionMessage result={result && "ok" in result ? result : undefined} />
      {page.rows.length === 0 ? <p>No emails here.</p> : null}
      {page.rows.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Emails">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Queued</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((m) => (
                <tr key={m.id}>
                  <td>
                    <When iso={m.createdAt} />
                  </td>
                  <td>{m.to}</td>
                  <td>
                    <Link to={`/console/emails/${m.id}`}>{m.subject}</Link>
                  </td>
                  <td>
                    <Badge tone={m.status}>{m.status}</Badge> {m.attempts > 0 ? <span className="c-hint">{m.attempts} tries</span> : null}
                    {m.lastError ? <div className="c-hint">{m.lastError}</div> : null}
                  </td>
                  <td>
                    {m.status === "failed" && mayRequeue ? (
                      <Form method="post">
                        <input type="hidden" name="emailId" value={m.id} />
                        <button type="submit" className="c-link-button">
                          Send again
                        </button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager next={page.next} keep={{ status }} />
    </>
  );
}
