import { formatMoney, localeFor, type Money } from "../../../domain/money";

/** A price in the shopper's currency, formatted for their country. The amount always comes from the server. */
export function Price({ money, country, className }: { money: Money; country: string; className?: string }) {
  return <span className={className}>{formatMoney(money, localeFor(country))}</span>;
}
