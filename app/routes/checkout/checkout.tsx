import { CheckoutPage } from "../../components/checkout/CheckoutPage";
import { DEFAULT_PROVIDER_BASE } from "../../components/checkout/api";
import { ProductPhotos } from "../../components/product/product-photos";
import type { Route } from "./+types/checkout";
import "../../components/cart/cart.css";
import "../../components/checkout/checkout.css";

/**
 * Checkout needs little from the server up front: the cart rules (to read the stored cart), the shopper's country
 * and email, and where the provider API lives. Prices come from the server's purchase preview as the shopper types.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [cartRules, photos] = await Promise.all([context.catalog.cartRules(), context.catalog.photos()]);
  return { cartRules, photos, country: context.country, email: context.viewer.email, providerBase: context.providerBase || DEFAULT_PROVIDER_BASE, captchaSiteKey: context.captchaSiteKey, stripe: context.stripe };
}

export const meta: Route.MetaFunction = () => [{ title: "Checkout | Seed" }, { name: "robots", content: "noindex" }];

export default function Checkout({ loaderData }: Route.ComponentProps) {
  return (
    <ProductPhotos photos={loaderData.photos}>
      <CheckoutPage data={loaderData} />
    </ProductPhotos>
  );
}
