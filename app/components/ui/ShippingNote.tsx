import type { Money } from "../../../domain/money";
import { countryInSentence, shippingNote } from "../../../domain/shipping-note";
import "./shipping-note.css";

/**
 * "Shipping to the United Kingdom: you pay in pounds (£), shipping £10." for a shopper outside the US, so the currency
 * and the fee are no surprise at checkout (issue 34). The fee is the one the quote and the server's preview charge.
 * It follows the shopper's country and plan in place, so it is a polite live region.
 */
export function ShippingNote({ country, fee, className = "" }: { country: string; fee: Money; className?: string }) {
  const sentence = shippingNote(country, fee);
  const lead = `Shipping to ${countryInSentence(country)}:`;
  return (
    <p className={`shipping-note ${className}`} data-testid="shipping-note" aria-live="polite">
      <strong>{lead}</strong>
      {sentence.slice(lead.length)}
    </p>
  );
}
