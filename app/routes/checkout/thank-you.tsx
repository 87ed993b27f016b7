import { data } from "react-router";
import { FOUND_US_THANKS } from "../../../domain/found-us";
import { CLAIM_SENT_MESSAGE } from "../../../domain/guest-links";
import { PRODUCT_CODES } from "../../../domain/catalog";
import { ThankYouPage } from "../../components/checkout/ThankYouPage";
import { ProductPhotos } from "../../components/product/product-photos";
import type { Route } from "./+types/thank-you";
import "../../components/cart/cart.css";
import "../../components/checkout/checkout.css";

/**
 * The receipt of the order this browser just placed (an HttpOnly cookie names it), with the plan names its
 * subscriptions renew into; or nothing, and the page says so kindly.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const order = await context.orders.lastOrder();
  if (!order) return { order: null, plans: {}, offerClaim: false, askFoundUs: false };
  const [{ plans }, offerClaim, askFoundUs, photos] = await Promise.all([
    context.catalog.forPage(PRODUCT_CODES, order.shippingAddress.country),
    context.guestOrders.offerClaimOfLastOrder(),
    context.foundUs.ask(order.id),
    context.catalog.photos(),
  ]);
  const priced = plans.filter((p) => p.currency === order.currency);
  return { order, plans: Object.fromEntries(priced.map((p) => [p.code, { name: p.name, price: p.price }])), offerClaim, askFoundUs, photos };
}

/**
 * "Create your account" (ADR 0063): emails the order's address a set-password or sign-in link. "How did you hear
 * about Seed?" (ADR 0062's data-multiselect-experiment-checkout): keeps the order's answer.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "found-us") {
    const answered = await context.foundUs.answer(form.getAll("found").map(String));
    if (!answered.ok) return data({ foundUs: { saved: false, message: answered.message } }, { status: answered.status });
    return { foundUs: { saved: true, message: FOUND_US_THANKS } };
  }
  if (form.get("intent") !== "claim") return data({ claim: { sent: false, message: "This form is not valid." } }, { status: 400 });
  const done = await context.guestOrders.claim({ lastOrder: true });
  if (!done.ok) return data({ claim: { sent: false, message: done.message } }, { status: done.code === "RATE_LIMITED" ? 429 : 400 });
  return { claim: { sent: true, message: CLAIM_SENT_MESSAGE } };
}

export const meta: Route.MetaFunction = () => [{ title: "Thank you | Seed" }, { name: "robots", content: "noindex" }];

export default function ThankYou({ loaderData, actionData }: Route.ComponentProps) {
  const answers = (actionData && "foundUs" in actionData ? actionData.foundUs : null) ?? null;
  const claim = actionData && "claim" in actionData ? actionData.claim : null;
  return (
    <ProductPhotos photos={"photos" in loaderData ? loaderData.photos : undefined}>
    <ThankYouPage
      order={loaderData.order}
      plans={loaderData.plans}
      claim={{ offer: loaderData.offerClaim, answer: claim ?? null }}
      foundUs={{ ask: loaderData.askFoundUs || answers !== null, answer: answers }}
    />
    </ProductPhotos>
  );
}
