import { Link } from "react-router";
import { consoleLoad } from "../../components/console/errors";
import { Pager, SearchForm, When, CsvLink } from "../../components/console/ui";
import type { Route } from "./+types/customers";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const email = params.get("email") ?? "";
  return consoleLoad(async () => {
    const service = context.console.service();
    const [page, deletionQueue] = await Promise.all([service.customers({ email, before: params.get("before") ?? undefined }), service.deletionQueue()]);
    return { email, page, deletionQueue, mayExport: service.staff.permissions.includes("customers.export") };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Customers | Seed console" }];

export default function ConsoleCustomers({ loaderData }: Route.ComponentProps) {
  const { email, page, deletionQueue } = loaderData;
  return (
    <>
      <h1>Customers</h1>
      <CsvLink list="customers" filters={{ email: loaderData.email }} may={loaderData.mayExport} />
      <SearchForm label="Find a customer" name="email" value={email} hint="Their full email address. To find by name, search orders." />
      {page.rows.length === 0 ? <p>No customer has that email address.</p> : null}
      {page.rows.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Customers">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Since</th>
                <th scope="col">Fraud status</th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to={`/console/customers/${c.id}`}>{c.email}</Link>
                  </td>
                  <td>{[c.firstName, c.lastName].filter(Boolean).join(" ") || "-"}</td>
                  <td>
                    <When iso={c.createdAt} />
                  </td>
                  <td>{c.fraudulentStatus ?? "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager next={page.next} keep={{ email }} />
      <DeletionQueue requests={deletionQueue} />
    </>
  );
}

/** Deletion requests recorded and not yet processed (ADR 0042), oldest first: each opens its customer's page. */
function DeletionQueue({ requests }: { requests: { id: string; customerId: string; email: string; note: string; requestedBy: string; requestedAt: string }[] }) {
  return (
    <section aria-labelledby="deletion-queue" style={{ marginTop: "1.5rem" }}>
      <h2 id="deletion-queue">Deletion requests waiting</h2>
      {requests.length === 0 ? <p>None: every recorded request has been processed.</p> : null}
      <ul>
        {requests.map((r) => (
          <li key={r.id}>
            <Link to={`/console/customers/${r.customerId}`}>{r.email}</Link>: "{r.note}", recorded by {r.requestedBy} <When iso={r.requestedAt} />
          </li>
        ))}
      </ul>
    </section>
  );
}
