import type { Shop } from "../../shop";
import type { PaymentGateway } from "./gateway";
import { sandboxGateway } from "./sandbox";
import { stripeGateway } from "./stripe";

/** The gateway orders and renewals are charged through: the sandbox by default, Stripe with PAYMENT_PROVIDER=stripe. */
export function gatewayOf(shop: Shop): PaymentGateway {
  if (shop.gateway) return shop.gateway;
  return shop.env.PAYMENT_PROVIDER === "stripe" ? stripeGateway(shop) : sandboxGateway(shop);
}

export type { PaymentGateway } from "./gateway";
