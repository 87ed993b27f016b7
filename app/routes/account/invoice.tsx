import { InvoicePage } from "../../components/orders/InvoicePage";
import { notFoundUnlessOwn, requireMember } from "../../components/subscriptions/member.server";
import type { Route } from "./+types/invoice";
import "../../components/orders/orders.css";

/** The printable invoice of one of the member's orders, with its PDF. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireMember(context, request);
  return { invoice: await context.orderHistory.invoice(params.id).catch(notFoundUnlessOwn), providerBase: context.providerBase };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.invoice.title ?? "Invoice"} | Seed` }, { name: "robots", content: "noindex" }];

export default function Invoice({ loaderData }: Route.ComponentProps) {
  return <InvoicePage {...loaderData} />;
}
