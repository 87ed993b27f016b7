import { z } from "@hono/zod-openapi";
import { createRouter, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";
import { CSV_LIST_NAMES, CSV_LISTS, type CsvListName } from "./csv-exports";

const dashboardRoute = consoleRoute("dashboard.read", {
  method: "get",
  path: "/dashboard",
  summary: "Orders and revenue per day by currency, subscriptions by status, renewal attempts per day and churn over the last `days` (7-90, default 30)",
  request: { query: z.object({ days: z.coerce.number().int().min(7).max(90).optional() }) },
  responses: { 200: jsonResponse("The dashboard's figures", z.any()) },
});

/** GET /api/console/{list}/export.csv: the list as the console shows it, with its filters, as CSV (csv-exports.ts). */
function csvRoute(name: CsvListName) {
  return consoleRoute(CSV_LISTS[name].permission, {
    method: "get",
    path: `/${name}/export.csv`,
    summary: `Every row of the ${name} list (with the list's filters) as CSV; the export is on the audit record`,
    request: { query: z.object({ q: z.string().max(200).optional(), status: z.string().max(40).optional(), email: z.string().max(320).optional() }) },
    responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } } },
  });
}

export const consoleDashboardApi = createRouter().openapi(dashboardRoute, async (c) => c.json(await serviceOf(c).dashboard(c.req.valid("query")), 200));

for (const name of CSV_LIST_NAMES) {
  consoleDashboardApi.openapi(csvRoute(name), async (c) => {
    const csv = await serviceOf(c).exportCsv(name, c.req.valid("query"));
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}.csv"`, "Cache-Control": "no-store" });
  });
}
