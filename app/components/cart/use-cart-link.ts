import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { CartCatalog } from "../../../domain/cart";
import { cartLinkAction } from "./cart-link";
import { replaceWith } from "./stored-cart";

/**
 * /cart?cart=<variant>: put that product in the cart (or say why not), then drop the parameter so a reload or a
 * bookmark does not undo the shopper's later changes. Runs in the browser, where the cart lives.
 */
export function useCartLink(rules: CartCatalog): string | null {
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<string | null>(null);
  const variant = params.get("cart");
  useEffect(() => {
    if (variant === null) return;
    const action = cartLinkAction(variant, rules);
    if (action.kind === "replace") replaceWith(action.code, rules);
    setNotice(action.kind === "notice" ? action.message : null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("cart");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [variant, rules, setParams]);
  return notice;
}
