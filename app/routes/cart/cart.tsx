import type { ShouldRevalidateFunctionArgs } from "react-router";
import { PRODUCT_CODES } from "../../../domain/catalog";
import { CartPage } from "../../components/cart/CartPage";
import type { Route } from "./+types/cart";
import "../../components/cart/cart.css";

/**
 * The cart: every product priced for the shopper's country plus the cart rules. The cart itself lives in the
 * browser (seed_cart_items), so the page prices it there with the same quoteCart the server charges with.
 * The cart drawer loads this same data with a fetcher.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [catalog, cartRules] = await Promise.all([context.catalog.forPage(PRODUCT_CODES, context.country), context.catalog.cartRules()]);
  return { catalog, cartRules, country: context.country };
}

/** Dropping ?cart= once it is applied changes nothing this loader reads; only a new ?country= does. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const sameCountry = currentUrl.searchParams.get("country") === nextUrl.searchParams.get("country");
  if (currentUrl.pathname === nextUrl.pathname && sameCountry) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () => [{ title: "Your cart | Seed" }, { name: "robots", content: "noindex" }];

export default function Cart({ loaderData }: Route.ComponentProps) {
  return <CartPage data={loaderData} />;
}
