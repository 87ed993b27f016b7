import type { Route } from "./+types/guest-invoice-pdf";

/** The invoice's PDF by the confirmation's signed order link (ADR 0063): a resource route, no page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await context.guestOrders.invoicePdf(token);
  const noStore = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };
  if (!found.ok) {
    const status = found.code === "NOT_FOUND" ? 404 : found.code === "FORBIDDEN" ? 403 : 400;
    return Response.json({ code: found.code, message: found.message }, { status, headers: noStore });
  }
  return new Response(found.value.pdf, {
    headers: { ...noStore, "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${found.value.fileName}"` },
  });
}
