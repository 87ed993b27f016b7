import { Link } from "react-router";
import { consoleLoad } from "../../components/console/errors";
import { Pager, SearchForm, When, CsvLink } from "../../components/console/ui";
import type { Route } from "./+types/customers";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  // "email" is what older links and bookmarks carry: it is searched like any other words.
  const q = (params.get("q") ?? params.get("email") ?? "").slice(0, 200);
  return consoleLoad(async () => {
    const service = context.console.service();
    const [page, deletionQueue] = await Promise.all([service.customers({ q, before: params.get("before") ?? undefined }), service.deletionQueue()]);
    return { q, page, deletionQueue, mayExport: service.staff.permissions.includes("customers.export") };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Customers | Seed console" }];

export default function ConsoleCustomers({ loaderData }: Route.ComponentProps) {
  const { q, page, deletionQueue } = loaderData;
  return (
    <>
      <h1>Customers</h1>
      <CsvLink list="customers" filters={{}} may={loaderData.mayExport && !q} />
      <SearchForm label="Find a customer" name="q" value={q} hint="Any part of an email, first or last name or phone (3 characters or more), or an order number." />
      <h2>{page.order ? `The customer of order ${page.order}` : q ? `Customers matching "${q}"` : "Newest customers"}</h2>
      {page.notice ? <p role="status">{page.notice}</p> : null}
      {page.rows.length === 0 && !page.notice ? <p>No customer matches. Try fewer letters, or part of the email.</p> : null}
      {page.rows.length > 0 ? (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Customers">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">Subscriptions</th>
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
                  <td>{c.phone ?? "-"}</td>
                  <td>{c.plans.length ? c.plans.join(", ") : "-"}</td>
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
      <Pager next={page.next} keep={{ q }} />
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
