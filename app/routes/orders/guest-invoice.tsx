import { data } from "react-router";
import { guestPath } from "../../../domain/guest-links";
import { InvoicePage } from "../../components/orders/InvoicePage";
import type { Route } from "./+types/guest-invoice";
import "../../components/orders/orders.css";

/** The invoice of an order read with the confirmation's signed link (ADR 0063), with its PDF by the same link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await context.guestOrders.invoice(token);
  if (!found.ok) throw data({ message: found.message }, { status: found.code === "NOT_FOUND" ? 404 : found.code === "FORBIDDEN" ? 403 : 400 });
  return { invoice: found.value, token };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.invoice.title ?? "Invoice"} | Seed` }, { name: "robots", content: "noindex" }];

export default function GuestInvoice({ loaderData }: Route.ComponentProps) {
  const { invoice, token } = loaderData;
  return <InvoicePage invoice={invoice} providerBase="" pdfHref={guestPath("invoicePdf", token)} back={{ href: guestPath("order", token), label: `Order ${invoice.number}` }} />;
}
