import { PRODUCT_CODES } from "../../../domain/catalog";
import { ThankYouPage } from "../../components/checkout/ThankYouPage";
import type { Route } from "./+types/thank-you";
import "../../components/cart/cart.css";
import "../../components/checkout/checkout.css";

/**
 * The receipt of the order this browser just placed (an HttpOnly cookie names it), with the plan names its
 * subscriptions renew into; or nothing, and the page says so kindly.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const order = await context.orders.lastOrder();
  if (!order) return { order: null, plans: {} };
  const { plans } = await context.catalog.forPage(PRODUCT_CODES, order.shippingAddress.country);
  const priced = plans.filter((p) => p.currency === order.currency);
  return { order, plans: Object.fromEntries(priced.map((p) => [p.code, { name: p.name, price: p.price }])) };
}

export const meta: Route.MetaFunction = () => [{ title: "Thank you | Seed" }, { name: "robots", content: "noindex" }];

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return <ThankYouPage order={loaderData.order} plans={loaderData.plans} />;
}
