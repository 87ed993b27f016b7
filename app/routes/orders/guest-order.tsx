import { data } from "react-router";
import { CLAIM_SENT_MESSAGE } from "../../../domain/guest-links";
import { GuestOrderPage } from "../../components/orders/GuestOrderPage";
import { ProductPhotos } from "../../components/product/product-photos";
import type { Route } from "./+types/guest-order";
import "../../components/cart/cart.css";
import "../../components/checkout/checkout.css";

/**
 * An order read with the confirmation email's signed link (ADR 0063): no password, one order, read only. It links the
 * invoice and offers the guest their account (one press emails a set-password or sign-in link).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await context.guestOrders.order(token);
  if (!found.ok) return data({ order: null, offerClaim: false, token: "", error: found.message }, { status: found.code === "NOT_FOUND" ? 404 : found.code === "FORBIDDEN" ? 403 : 400 });
  return { ...found.value, token, error: null, photos: await context.catalog.photos() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  if (form.get("intent") !== "claim") return data({ claim: { sent: false, message: "This form is not valid." } }, { status: 400 });
  const done = await context.guestOrders.claim({ token });
  if (!done.ok) return data({ claim: { sent: false, message: done.message } }, { status: done.code === "RATE_LIMITED" ? 429 : 400 });
  return { claim: { sent: true, message: CLAIM_SENT_MESSAGE } };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.order ? `Order ${loaderData.order.number} | Seed` : "Your order | Seed" },
  { name: "robots", content: "noindex" },
];

export default function GuestOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { photos, ...page } = { photos: undefined, ...loaderData };
  return (
    <ProductPhotos photos={photos}>
      <GuestOrderPage {...page} claimAnswer={actionData?.claim ?? null} />
    </ProductPhotos>
  );
}
