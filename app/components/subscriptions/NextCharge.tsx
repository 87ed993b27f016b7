import type { RenewalQuote } from "../../../domain/renewal-quote";
import { money } from "./format";

/** The price of the next charge, line by line: the renewal engine's own quote, so it is what the card will be charged. */
export function NextChargeTable({ charge, country, caption }: { charge: RenewalQuote; country: string; caption: string }) {
  const m = (n: number) => money(n, charge.currency, country);
  const lines = [
    { planCode: charge.line.planCode, name: charge.line.name, quantity: charge.line.quantity, listTotal: charge.line.listTotal, oneTime: false },
    ...charge.addOns.map((a) => ({ planCode: a.planCode, name: a.name, quantity: a.quantity, listTotal: a.total, oneTime: true })),
  ];
  return (
    <table className="portal__charge">
      <caption className="portal__charge-caption">{caption}</caption>
      <tbody>
        {lines.map((l) => (
          <tr key={`${l.planCode}-${l.oneTime}`}>
            <th scope="row">
              {l.name}
              {l.quantity > 1 ? ` × ${l.quantity}` : ""}
              {l.oneTime ? " (this shipment only)" : ""}
            </th>
            <td>{m(l.listTotal)}</td>
          </tr>
        ))}
        {charge.discounts.map((d) => (
          <tr key={d.code}>
            <th scope="row">{d.kind === "retention" ? "Your 20% discount" : `Discount (${d.code})`}</th>
            <td>−{m(d.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">Shipping</th>
          <td>{charge.shipping.amount === 0 ? "Free" : m(charge.shipping.amount)}</td>
        </tr>
        {charge.creditApplied > 0 && (
          <tr>
            <th scope="row">Your credit</th>
            <td>−{m(charge.creditApplied)}</td>
          </tr>
        )}
        <tr className="portal__charge-total">
          <th scope="row">Total</th>
          <td>{m(charge.total)}</td>
        </tr>
      </tbody>
    </table>
  );
}
