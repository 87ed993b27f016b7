import { Link } from "react-router";
import type { InvoiceView } from "../../../domain/invoice";
import { invoicePdfPath } from "../../../domain/portal-routes";
import { ROUTES } from "../../../domain/routes";
import { PrintButton } from "./PrintButton";

/** `pdfHref` and `back` for the guest's copy by signed link (ADR 0063); a member's copy uses the provider's PDF and Order History. */
export function InvoicePage({
  invoice,
  providerBase,
  pdfHref,
  back,
}: {
  invoice: InvoiceView & { orderId: string };
  providerBase: string;
  pdfHref?: string;
  back?: { href: string; label: string };
}) {
  return (
    <main id="main" className="invoice">
      <nav className="invoice__tools" aria-label="Invoice">
        <Link to={back?.href ?? ROUTES.order_history}>{back?.label ?? "Order History"}</Link>
        <div className="invoice__buttons">
          <PrintButton />
          <a href={pdfHref ?? invoicePdfPath(providerBase, invoice.orderId)} download className="button button--small">
            Download PDF
          </a>
        </div>
      </nav>
      <article className="invoice__sheet" aria-labelledby="invoice-title">
        <header className="invoice__head">
          <div>
            <p className="invoice__seller">{invoice.seller.name}</p>
            <p className="invoice__small">{invoice.seller.address}</p>
            {invoice.seller.taxId && <p className="invoice__small">Tax ID: {invoice.seller.taxId}</p>}
            <p className="invoice__small">{invoice.seller.email}</p>
          </div>
          <div className="invoice__meta">
            <h1 id="invoice-title" className="invoice__title">
              Invoice
            </h1>
            <p>Invoice number: {invoice.number}</p>
            <p>Date: {invoice.issuedOn}</p>
            <p>Currency: {invoice.currency}</p>
          </div>
        </header>
        <section aria-labelledby="billed-to">
          <h2 id="billed-to" className="invoice__label">
            Billed to
          </h2>
          <p className="invoice__address">
            {invoice.buyer.map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </p>
        </section>
        <table className="invoice__table">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">Unit price</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((l, i) => (
              <tr key={`${l.name}-${i}`}>
                <td>{l.name}</td>
                <td>{l.quantity}</td>
                <td>{l.unitPrice}</td>
                <td>{l.total}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {invoice.totals.map((t) => (
              <tr key={t.label} className={t.strong ? "invoice__total" : undefined}>
                <th scope="row" colSpan={3}>
                  {t.label}
                </th>
                <td>{t.value}</td>
              </tr>
            ))}
          </tfoot>
        </table>
        <p>{invoice.payment}</p>
        {invoice.notes.map((n) => (
          <p key={n} className="invoice__small">
            {n}
          </p>
        ))}
      </article>
    </main>
  );
}
