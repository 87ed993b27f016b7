import { Link } from "react-router";
import type { OrderHistoryRow } from "../../../domain/order-history";
import { invoicePdfPath, portalPath } from "../../../domain/portal-routes";
import { ROUTES } from "../../../domain/routes";
import { formatDay, money } from "../subscriptions/format";
import { ProductThumb } from "../product/product-photos";

/** The columns of SPEC.md section 2: order, date, products, quantity, amount, charge, invoice, tracking. */
export function OrderHistoryPage({ orders, providerBase }: { orders: OrderHistoryRow[]; providerBase: string }) {
  return (
    <main id="main" className="portal">
      <h1 className="portal__title">Order History</h1>
      {orders.length === 0 ? (
        <section className="portal__empty">
          <p>You have not placed an order yet.</p>
          <Link to={ROUTES.daily_synbiotic} className="button">
            Shop DS-01® Daily Synbiotic
          </Link>
        </section>
      ) : (
        <div className="orders__scroll" role="region" aria-labelledby="orders-caption" tabIndex={0}>
          <table className="orders__table">
            <caption id="orders-caption" className="sr-only">
              Your orders, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Date</th>
                <th scope="col">Products</th>
                <th scope="col">Quantity</th>
                <th scope="col">Amount</th>
                <th scope="col">Charge</th>
                <th scope="col">Invoice</th>
                <th scope="col">Tracking</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row" data-label="Order">
                    {o.number}
                    {o.renewal && <span className="orders__tag">Renewal</span>}
                  </th>
                  <td data-label="Date">{formatDay(o.createdAt)}</td>
                  <td data-label="Products">
                    <span className="orders__products">
                      {[...new Set(o.productCodes)].map((code) => (
                        <ProductThumb key={code} productCode={code} fallback={null} size={40} className="orders__thumb" />
                      ))}
                      <span>{o.products.join(", ")}</span>
                    </span>
                  </td>
                  <td data-label="Quantity">{o.quantity}</td>
                  <td data-label="Amount">{money(o.amount, o.currency, o.currency === "USD" ? "US" : "DE")}</td>
                  <td data-label="Charge">
                    {o.charge}
                    {o.status !== "paid" && <span className="orders__tag">{o.status === "refunded" ? "Refunded" : "Canceled"}</span>}
                  </td>
                  <td data-label="Invoice">
                    <Link to={portalPath("invoice", o.id)} aria-label={`View invoice ${o.number}`}>
                      View
                    </Link>{" "}
                    ·{" "}
                    <a href={invoicePdfPath(providerBase, o.id)} download aria-label={`Download invoice ${o.number} as PDF`}>
                      PDF
                    </a>
                  </td>
                  <td data-label="Tracking">
                    {o.tracking.length === 0
                      ? "Not shipped yet"
                      : o.tracking.map((t) => (
                          <a key={t.number} href={t.url} target="_blank" rel="noopener noreferrer" aria-label={`Track ${o.number} with ${t.carrier} (opens in a new tab)`}>
                            {t.carrier} {t.number}
                          </a>
                        ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="portal__footnote">
        <Link to={ROUTES.subscriptions}>Manage your subscriptions</Link>
      </p>
    </main>
  );
}
