import type { Currency } from "../../../domain/money";
import { planBillingLabel } from "../../../domain/plans";
import type { QuoteLine } from "../../../domain/quote";
import { refillStarter } from "../../../domain/refills";
import { ProductThumb } from "../product/product-photos";
import { Money } from "./Money";
import { QuantityStepper, formButton } from "./QuantityStepper";

export interface LineActions {
  onDecrease(code: string): void;
  onIncrease(code: string): void;
  onRemove(code: string): void;
}

interface CartLineProps extends LineActions {
  line: QuoteLine;
  currency: Currency;
  country: string;
  max: number;
}

/** One priced line: what it is, its price, quantity, discount and total. A free gift says "Free" and has no controls. */
export function CartLine({ line, currency, country, max, onDecrease, onIncrease, onRemove }: CartLineProps) {
  const refill = refillStarter(line.productCode);
  return (
    <li className="cart-line" data-product={line.productCode}>
      <ProductThumb className="cart-line__image" productCode={line.productCode} fallback={line.image} size={72} />
      <div className="cart-line__body">
        <p className="cart-line__name">{line.name}</p>
        <p className="cart-line__meta">{line.bonus ? "Free gift with your order" : planBillingLabel(line.planCode, line.billingPeriodMonths)}</p>
        {/* A refill is sold alone (SPEC.md allows it), so the cart says again that it comes without the jar. */}
        {refill && (
          <p className="cart-line__meta" data-testid="refill-line-note">
            Refill only, no jar: for the <span className="cart-line__nowrap">{refill.productName}</span> jar you already have.{" "}
            <a href={`${refill.starterPath}#plans`} className="underline">
              New? See the starter kit
            </a>
          </p>
        )}
        <p className="cart-line__price">
          <span className="cart-line__pair">
            <span className="cart-line__label">Price</span> <Money amount={line.unitPrice} currency={currency} country={country} freeWhenZero={line.bonus} />
          </span>
          {line.discount > 0 && (
            <span className="cart-line__pair">
              <span className="cart-line__label">Discount</span> −<Money amount={line.discount} currency={currency} country={country} />
            </span>
          )}
        </p>
        {line.bonus ? (
          <p className="cart-line__meta">Quantity {line.quantity}</p>
        ) : (
          <div className="cart-line__actions">
            <QuantityStepper code={line.productCode} name={line.name} quantity={line.quantity} max={max} onDecrease={() => onDecrease(line.productCode)} onIncrease={() => onIncrease(line.productCode)} />
            <button {...formButton(`remove:${line.productCode}`, () => onRemove(line.productCode))} className="cart-line__remove" aria-label={`Remove ${line.name}`}>
              Remove
            </button>
          </div>
        )}
      </div>
      <p className="cart-line__total">
        <span className="sr-only">Total </span>
        {line.discount > 0 && (
          <s className="cart-line__was">
            <span className="sr-only">was </span>
            <Money amount={line.listTotal} currency={currency} country={country} />
          </s>
        )}
        <Money amount={line.total} currency={currency} country={country} freeWhenZero={line.bonus} />
      </p>
    </li>
  );
}

interface ProblemLineProps extends Pick<LineActions, "onRemove"> {
  code: string;
  name: string;
  image: string;
  message: string;
}

/** A line we cannot sell as it is: its problem in plain words, and a way to take it out. */
export function ProblemLine({ code, name, image, message, onRemove }: ProblemLineProps) {
  return (
    <li className="cart-line cart-line--problem" data-product={code}>
      <ProductThumb className="cart-line__image" productCode={code} fallback={image} size={72} />
      <div className="cart-line__body">
        <p className="cart-line__name">{name}</p>
        <p className="cart-line__problem" role="alert">
          {message}
        </p>
        <div className="cart-line__actions">
          <button {...formButton(`remove:${code}`, () => onRemove(code))} className="cart-line__remove" aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
