import { z } from "@hono/zod-openapi";
import { createRouter, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const dashboardRoute = consoleRoute("dashboard.read", {
  method: "get",
  path: "/dashboard",
  summary: "Orders and revenue per day by currency, subscriptions by status, renewal attempts per day and churn over the last `days` (7-90, default 30)",
  request: { query: z.object({ days: z.coerce.number().int().min(7).max(90).optional() }) },
  responses: { 200: jsonResponse("The dashboard's figures", z.any()) },
});

const ordersCsvRoute = consoleRoute("orders.export", {
  method: "get",
  path: "/orders/export.csv",
  summary: "Every order (or those matching q, as the order search) as CSV, newest first; the export is on the audit record",
  request: { query: z.object({ q: z.string().max(200).optional() }) },
  responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } } },
});

export const consoleDashboardApi = createRouter()
  .openapi(dashboardRoute, async (c) => c.json(await serviceOf(c).dashboard(c.req.valid("query")), 200))
  .openapi(ordersCsvRoute, async (c) => {
    const csv = await serviceOf(c).exportOrdersCsv(c.req.valid("query").q);
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="orders.csv"', "Cache-Control": "no-store" });
  });
