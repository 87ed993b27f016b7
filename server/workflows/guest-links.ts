import { ShopError } from "../../domain/errors";
import { invoiceView, type InvoiceView } from "../../domain/invoice";
import type { OrderSummary } from "../../domain/orders";
import { GUEST_PATHS } from "../../domain/guest-links";
import { signLink, verifyLink } from "../lib/signed-links";
import { credentialsOf, requestPasswordEmail, sendMagicLink, type Client } from "../modules/auth";
import { customerOfOrder, legalDetailsOf, orderSummary, renderInvoicePdf } from "../modules/orders";
import { publicOrigin } from "../public-origin";
import { dbOf, type Shop } from "../shop";
import { renewalLink } from "./renew-subscription";

/**
 * The confirmation email's ways back for a guest without a password (issue 34, ADR 0063): a signed link that reads one
 * order and its invoice, a signed link to each subscription's page, and the one-press claim of the account. The links
 * are the shop's one signed-link machinery (server/lib/signed-links.ts): bound to a purpose and one subject, expiring.
 */

const DAY_MS = 86_400_000;

/** An order link reads the order and its invoice for a year and a month: long enough for a tax return's questions. */
export const ORDER_LINK_DAYS = 400;
/** A subscription's page from the confirmation: past a 6-month plan's first renewal, like the cancel link beside it. */
export const MANAGE_LINK_DAYS = 200;

/** The order link's token (purpose "order", subject the order id: it reads that order and nothing else). */
export const orderLinkToken = (shop: Shop, orderId: string) =>
  signLink(shop.env.SESSION_SECRET, { purpose: "order", subject: orderId, scope: null, expiresAt: new Date(shop.clock.now().getTime() + ORDER_LINK_DAYS * DAY_MS) });

const tokenOf = (url: string) => new URL(url).searchParams.get("token") ?? "";

/**
 * The confirmation's links of one order: its page, its invoice and each subscription's page. `secrets` holds every
 * token made so far (the order's, then each subscription's as the renderer asks for it), for the outbox's check.
 */
export function guestLinksOf(shop: Shop, orderId: string) {
  const origin = publicOrigin(shop.env);
  const token = orderLinkToken(shop, orderId);
  const query = `?token=${encodeURIComponent(token)}`;
  const secrets: string[] = [token];
  return {
    orderUrl: `${origin}${GUEST_PATHS.order}${query}`,
    invoiceUrl: `${origin}${GUEST_PATHS.invoice}${query}`,
    manageUrl: (subscriptionId: string) => {
      const url = renewalLink(shop, "manage", subscriptionId, null, MANAGE_LINK_DAYS);
      secrets.push(tokenOf(url));
      return url;
    },
    secrets,
  };
}

/** The order an order link names, or why not: a link for order A never reads order B (the subject is signed). */
export async function orderOfLink(shop: Shop, token: string): Promise<OrderSummary> {
  const check = verifyLink(shop.env.SESSION_SECRET, token, "order", shop.clock.now());
  if (!check.ok && check.reason === "expired") throw new ShopError("FORBIDDEN", "This link has expired. Sign in to see your orders.");
  if (!check.ok) throw new ShopError("VALIDATION_ERROR", "This link is not valid.");
  const order = await orderSummary(dbOf(shop), check.link.subject);
  if (!order) throw new ShopError("NOT_FOUND", "There is no such order.");
  return order;
}

/** The invoice of the order an order link names (the member invoice page's view). */
export async function invoiceOfLink(shop: Shop, token: string): Promise<InvoiceView & { orderId: string }> {
  const order = await orderOfLink(shop, token);
  return { ...invoiceView(order, legalDetailsOf(shop)), orderId: order.id };
}

/** The invoice's PDF, with its file name. */
export async function invoicePdfOfLink(shop: Shop, token: string): Promise<{ pdf: Uint8Array<ArrayBuffer>; fileName: string }> {
  const invoice = await invoiceOfLink(shop, token);
  const pdf = await renderInvoicePdf(invoice, shop.clock.now());
  return { pdf: new Uint8Array(pdf), fileName: `seed-invoice-${invoice.number}.pdf` };
}

/** Whether the customer of this order has a password: what the claim sends (a sign-in link or a set-password link). */
const hasPassword = async (shop: Shop, customerId: string) => (await credentialsOf(dbOf(shop), customerId)).passwordHash !== null;

/**
 * "Create your account" for the order's guest, one press (thank-you page, order page): one email to the order's
 * address. A customer without a password gets the set-password link; one who has a password gets a sign-in link that
 * lands on Order History. Either link proves the mailbox, so it claims held orders (ADR 0057). The page says the same
 * words in both cases (only the mailbox learns which), and the account emails' limits apply (ADR 0057).
 */
export async function claimAccountOfOrder(shop: Shop, order: Pick<OrderSummary, "id" | "email">, client: Client): Promise<"sign_in" | "set_password"> {
  const owner = await customerOfOrder(dbOf(shop), order.id);
  if (!owner) throw new ShopError("NOT_FOUND", "There is no such order.");
  if (await hasPassword(shop, owner)) {
    await sendMagicLink(shop, { email: order.email, redirectTo: "/account/orders" }, client);
    return "sign_in";
  }
  await requestPasswordEmail(shop, { email: order.email }, client);
  return "set_password";
}
