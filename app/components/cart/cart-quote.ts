import { ERROR_CATALOGUE } from "../../../domain/errors";
import { quoteCart, type Quote, type QuoteInput } from "../../../domain/quote";

/** Why one cart line cannot be bought, in the catalogue's words. */
export interface LineProblem {
  productCode: string;
  code: keyof typeof ERROR_CATALOGUE;
  message: string;
}

export interface CartQuote {
  /** The price of every line that can be bought, or null when none can (or the cart is empty). */
  quote: Quote | null;
  /** Problems that belong to a line: shown beside it, and they block checkout. */
  problems: LineProblem[];
  /** A problem with the whole cart (no line named), in the catalogue's words. */
  cartProblem: string | null;
}

/**
 * quoteCart stops at the first line it refuses. The cart page still has to show every other line with its price, so
 * the refused line is set aside and the rest is priced again, until the rest prices or nothing is left.
 */
export function quoteCartLines(input: QuoteInput): CartQuote {
  const problems: LineProblem[] = [];
  let cart = { ...input.cart };
  for (;;) {
    if (Object.keys(cart).length === 0) return { quote: null, problems, cartProblem: null };
    const result = quoteCart({ ...input, cart });
    if (result.ok) return { quote: result.quote, problems, cartProblem: null };
    const message = result.message ?? ERROR_CATALOGUE[result.code].message;
    const code = result.productCode;
    if (!code || !(code in cart)) return { quote: null, problems, cartProblem: message };
    problems.push({ productCode: code, code: result.code, message });
    const { [code]: _refused, ...rest } = cart;
    cart = rest;
  }
}
