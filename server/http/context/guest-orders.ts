import type { Context } from "hono";
import { ShopError } from "../../../domain/errors";
import type { InvoiceView } from "../../../domain/invoice";
import type { OrderSummary } from "../../../domain/orders";
import { customerOfOrder, orderSummary } from "../../modules/orders";
import { dbOf } from "../../shop";
import { claimAccountOfOrder, invoiceOfLink, invoicePdfOfLink, orderOfLink } from "../../workflows/guest-links";
import { clientOf } from "../account-session";
import { readLastOrderId } from "../pages/last-order-cookie";
import type { AppEnv } from "../types";
import { answer, type LinkAnswer } from "./subscription-links";

/** Which order a claim is for: the one this browser just placed (thank-you) or the one a signed order link names. */
export type ClaimSource = { lastOrder: true } | { token: string };

/** The confirmation email's guest pages (ADR 0063): an order and its invoice by signed link, and the account's claim. */
export interface GuestOrdersContext {
  guestOrders: {
    /** The order, and whether to offer the claim (not when its owner is the one signed in). */
    order(token: string): Promise<LinkAnswer<{ order: OrderSummary; offerClaim: boolean }>>;
    invoice(token: string): Promise<LinkAnswer<InvoiceView & { orderId: string }>>;
    invoicePdf(token: string): Promise<LinkAnswer<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }>>;
    /** Whether the thank-you page offers the claim for this browser's last order. */
    offerClaimOfLastOrder(): Promise<boolean>;
    claim(source: ClaimSource): Promise<LinkAnswer<"sign_in" | "set_password">>;
  };
}

export function guestOrdersContext(c: Context<AppEnv>): GuestOrdersContext {
  const shop = c.get("shop");
  // A member signed in as the order's owner has the account already: no claim to offer.
  const offerClaim = async (orderId: string) => {
    const owner = await customerOfOrder(dbOf(shop), orderId);
    return owner !== null && c.get("session")?.customerId !== owner;
  };
  const orderOf = async (source: ClaimSource): Promise<OrderSummary> => {
    if ("token" in source) return orderOfLink(shop, source.token);
    const id = await readLastOrderId(c);
    const order = id ? await orderSummary(dbOf(shop), id) : null;
    if (!order) throw new ShopError("NOT_FOUND", "There is no recent order in this browser.");
    return order;
  };
  return {
    guestOrders: {
      order: (token) =>
        answer(async () => {
          const order = await orderOfLink(shop, token);
          return { order, offerClaim: await offerClaim(order.id) };
        }),
      invoice: (token) => answer(() => invoiceOfLink(shop, token)),
      invoicePdf: (token) => answer(() => invoicePdfOfLink(shop, token)),
      offerClaimOfLastOrder: async () => {
        const id = await readLastOrderId(c);
        return id ? offerClaim(id) : false;
      },
      claim: (source) => answer(async () => claimAccountOfOrder(shop, await orderOf(source), clientOf(c))),
    },
  };
}
