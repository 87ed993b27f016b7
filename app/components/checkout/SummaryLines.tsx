import type { Currency } from "../../../domain/money";
import { Money } from "../cart/Money";
import { ProductThumb } from "../product/product-photos";

interface SummaryLine {
  productCode: string;
  name: string;
  image: string;
  quantity: number;
  listTotal: number;
  bonus: boolean;
}

/** The items of an order or a quote: art with its quantity badge, name, and line price ("Free" for gifts). */
export function SummaryLines({ lines, currency, country, label }: { lines: readonly SummaryLine[]; currency: Currency; country: string; label?: string }) {
  return (
    <ul className="summary-lines" aria-label={label}>
      {lines.map((line) => (
        <li key={`${line.productCode}-${line.bonus}`} className="summary-line">
          <span className="summary-line__art">
            <ProductThumb productCode={line.productCode} fallback={line.image} size={48} />
            <span className="summary-line__qty" aria-hidden="true">
              {line.quantity}
            </span>
          </span>
          <span className="summary-line__name">
            {line.name}
            <span className="sr-only">, quantity {line.quantity}</span>
          </span>
          <Money amount={line.listTotal} currency={currency} country={country} freeWhenZero={line.bonus} className="summary-line__price" />
        </li>
      ))}
    </ul>
  );
}
