import type { Context } from "hono";
import { ShopError } from "../../../domain/errors";
import { invoiceView, type InvoiceView } from "../../../domain/invoice";
import type { OrderHistoryRow } from "../../../domain/order-history";
import { legalDetailsOf, memberOrders, memberOrderSummary } from "../../modules/orders";
import { dbOf } from "../../shop";
import type { AppEnv } from "../types";

/** Order History and invoices for the signed-in member. */
export interface OrderHistoryContext {
  orderHistory: {
    list(): Promise<OrderHistoryRow[]>;
    invoice(orderId: string): Promise<InvoiceView & { orderId: string }>;
  };
}

export function orderHistoryContext(c: Context<AppEnv>): OrderHistoryContext {
  const shop = c.get("shop");
  const member = () => {
    const session = c.get("session");
    if (!session) throw new ShopError("UNAUTHENTICATED");
    return session.customerId;
  };
  return {
    orderHistory: {
      list: () => memberOrders(dbOf(shop), member()),
      invoice: async (orderId) => ({ ...invoiceView(await memberOrderSummary(dbOf(shop), member(), orderId), legalDetailsOf(shop)), orderId }),
    },
  };
}
