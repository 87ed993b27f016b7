import { useMemo } from "react";
import { CartError } from "../../../domain/cart";
import { cents } from "../../../domain/money";
import type { ProductOffer } from "../../../domain/offers";
import type { QuoteLine } from "../../../domain/quote";
import { track } from "../../lib/analytics";
import { CART_EVENTS, productProperties } from "../checkout/analytics";
import { ensureCartId } from "./cart-store";
import type { CartView } from "./cart-view";
import { decreaseLine, increaseLine } from "./stored-cart";

export interface CartActions {
  onDecrease(code: string): void;
  onIncrease(code: string): void;
  onRemove(code: string): void;
  onAdd(offer: ProductOffer): void;
}

/**
 * The cart's buttons. Every change is local and instant: the stored cart is rewritten and cart_updated re-renders
 * the page, the drawer and the header count. A line that leaves the cart is the "Product Removed" event.
 */
export function useCartActions(view: CartView, onLineGone: (name: string) => void): CartActions {
  const { rules, priced, catalog } = view;
  return useMemo(() => {
    const describe = (code: string): Pick<QuoteLine, "productCode" | "sku" | "name" | "unitPrice" | "quantity"> => {
      const line = priced?.quote?.lines.find((l) => l.productCode === code && !l.bonus);
      if (line) return line;
      const content = catalog.products.find((p) => p.code === code)?.content;
      return { productCode: code, sku: content?.sku ?? code, name: content?.name ?? code, unitPrice: cents(0), quantity: 1 };
    };
    const take = (code: string, force: boolean) => {
      const product = describe(code);
      const { removedCode } = decreaseLine(code, rules, force);
      if (!removedCode) return;
      track(CART_EVENTS.productRemoved, { cart_id: ensureCartId(), ...productProperties(product, priced?.quote?.currency ?? null) });
      onLineGone(product.name);
    };
    return {
      onDecrease: (code) => take(code, false),
      onRemove: (code) => take(code, true),
      onIncrease: (code) => increaseLine(code, rules),
      onAdd: (offer) => {
        try {
          increaseLine(offer.productCode, rules);
        } catch (error) {
          if (!(error instanceof CartError)) throw error;
          return;
        }
        const price = offer.price;
        track(CART_EVENTS.productAdded, { cart_id: ensureCartId(), product_id: offer.productCode, sku: offer.sku, name: offer.name, price: price ? price.amount / 100 : null, quantity: 1, currency: price?.currency ?? null });
      },
    };
  }, [rules, priced, catalog, onLineGone]);
}
