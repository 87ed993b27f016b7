import type { Shop } from "../../shop";
import type { PaymentGateway } from "./gateway";
import { sandboxGateway } from "./sandbox";

/** The gateway orders are charged through. The sandbox is the default and the only one built in so far. */
export function gatewayOf(shop: Shop): PaymentGateway {
  return shop.gateway ?? sandboxGateway(shop);
}

export type { PaymentGateway } from "./gateway";
