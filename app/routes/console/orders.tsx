import { Link } from "react-router";
import { consoleLoad } from "../../components/console/errors";
import { Badge, Money, Pager, SearchForm, When, CsvLink } from "../../components/console/ui";
import { statusTone } from "../../../domain/order-status";
import "../../components/console/second-look/second-look.css";
import type { Route } from "./+types/orders";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  return consoleLoad(async () => {
    const service = context.console.service();
    return { q, page: await service.orders({ q, before: params.get("before") ?? undefined }), mayExport: service.staff.permissions.includes("orders.export") };
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | Seed console" }];

export default function ConsoleOrders({ loaderData }: Route.ComponentProps) {
  const { q, page } = loaderData;
  return (
    <>
      <h1>Orders</h1>
      <CsvLink list="orders" filters={{ q }} may={loaderData.mayExport} />
      <SearchForm label="Find orders" name="q" value={q} hint="An order number (SD-100042), an email address, or a customer's name." />
      <h2>{q ? `Orders matching "${q}"` : "Newest orders"}</h2>
      {page.rows.length === 0 ? (
        <p>No orders match. Check the spelling, or search by the full email address.</p>
      ) : (
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label="Orders">
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col" className="c-num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {page.rows.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/console/orders/${o.number}`}>{o.number}</Link>
                  </td>
                  <td>
                    <When iso={o.createdAt} />
                  </td>
                  <td>{o.email}</td>
                  <td>
                    <Badge tone={statusTone(o.status)}>{o.status}</Badge>
                  </td>
                  <td className="c-num">
                    <Money amount={o.total} currency={o.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager next={page.next} keep={{ q }} />
    </>
  );
}
