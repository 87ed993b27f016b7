import { OrderHistoryPage } from "../../components/orders/OrderHistoryPage";
import { ProductPhotos } from "../../components/product/product-photos";
import { requireMember } from "../../components/subscriptions/member.server";
import type { Route } from "./+types/orders";
import "../../components/subscriptions/portal.css";
import "../../components/orders/orders.css";

/** Order History (/account/orders, and its aliases /orders and /order): every order, renewals included. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context, request);
  const [orders, photos] = await Promise.all([context.orderHistory.list(), context.catalog.photos()]);
  return { orders, photos, providerBase: context.providerBase };
}

export const meta: Route.MetaFunction = () => [{ title: "Order History | Seed" }, { name: "robots", content: "noindex" }];

export default function Orders({ loaderData }: Route.ComponentProps) {
  return (
    <ProductPhotos photos={loaderData.photos}>
      <OrderHistoryPage orders={loaderData.orders} providerBase={loaderData.providerBase} />
    </ProductPhotos>
  );
}
