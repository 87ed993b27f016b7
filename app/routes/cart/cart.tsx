import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { CartError, replaceCart, type Cart, type CartCatalog } from "../../../domain/cart";
import { applyCartIntent, cartFromCookies, cartSetCookie, parseCartIntent } from "../../../domain/cart-cookie";
import { PRODUCT_CODES } from "../../../domain/catalog";
import { ROUTES } from "../../../domain/routes";
import { CartPage } from "../../components/cart/CartPage";
import { cartLinkAction } from "../../components/cart/cart-link";
import type { Route } from "./+types/cart";
import "../../components/cart/cart.css";

/**
 * The cart: every product priced for the shopper's country plus the cart rules. The cart lives in the browser
 * (seed_cart_items) and in a cookie of the same name, so the server renders the cart from the cookie before
 * JavaScript; the browser then prices it with the same quoteCart the server charges with. A /cart?cart=<code>
 * link (what product pages submit without JavaScript) puts that product in the cookie's cart here too.
 * The cart drawer loads this same data with a fetcher.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [catalog, cartRules, photos] = await Promise.all([context.catalog.forPage(PRODUCT_CODES, context.country), context.catalog.cartRules(), context.catalog.photos()]);
  const rules: CartCatalog = new Map(cartRules);
  let serverCart: Cart = cartFromCookies(request.headers.get("cookie"), rules);
  const link = cartLinkAction(new URL(request.url).searchParams.get("cart"), rules);
  const headers = new Headers();
  if (link.kind === "replace") {
    serverCart = replaceCart(link.code, rules);
    headers.append("Set-Cookie", cartSetCookie(serverCart, new URL(request.url).protocol));
  }
  const internationalCurrency = context.flags["data-display-international-currency"];
  // Whether checkout can take wallet payments (Stripe's Express Checkout, ADR 0044): data-ape-cart points to them.
  return data({ catalog, cartRules, country: context.country, internationalCurrency, serverCart, expressPay: context.stripe !== null, photos }, { headers });
}

/** The cart's buttons before JavaScript: each posts intent=increase|decrease|remove:<code>; the cookie's cart changes. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = parseCartIntent(form.get("intent"));
  if (!intent) return data({ code: "VALIDATION_ERROR", message: "That cart change was not understood. Please try again." }, { status: 400 });
  const rules: CartCatalog = new Map(await context.catalog.cartRules());
  try {
    const next = applyCartIntent(cartFromCookies(request.headers.get("cookie"), rules), intent, rules);
    return redirect(ROUTES.cart, { headers: { "Set-Cookie": cartSetCookie(next, new URL(request.url).protocol) } });
  } catch (error) {
    if (error instanceof CartError) return data({ code: "VALIDATION_ERROR", message: error.message }, { status: 400 });
    throw error;
  }
}

/** Dropping ?cart= once it is applied changes nothing this loader reads; only a new ?country= does. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const sameCountry = currentUrl.searchParams.get("country") === nextUrl.searchParams.get("country");
  if (currentUrl.pathname === nextUrl.pathname && sameCountry) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: "Your cart | Seed" }, { name: "robots", content: "noindex" }];

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage data={loaderData} problem={actionData?.message ?? null} />;
}
