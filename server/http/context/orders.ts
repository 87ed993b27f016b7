import type { Context } from "hono";
import type { OrderSummary } from "../../../domain/orders";
import { orderSummary } from "../../modules/orders";
import { dbOf } from "../../shop";
import { readLastOrderId } from "../pages/last-order-cookie";
import type { AppEnv } from "../types";

export interface OrdersContext {
  orders: {
    /** The order this browser just placed (from its signed cookie), or null. */
    lastOrder(): Promise<OrderSummary | null>;
  };
}

export function ordersContext(c: Context<AppEnv>): OrdersContext {
  const shop = c.get("shop");
  return {
    orders: {
      lastOrder: async () => {
        const id = await readLastOrderId(c);
        return id ? orderSummary(dbOf(shop), id) : null;
      },
    },
  };
}
