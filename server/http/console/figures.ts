import { z } from "@hono/zod-openapi";
import { createRouter, jsonResponse } from "../openapi";
import { FIGURE_CSV_NAMES, type FigureCsvName } from "./figures-csv";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

/**
 * The figures (issue 36, ADR 0074). The dates are checked by the service (domain/figures.ts parseFigureRange), after
 * the permission, so a bad range answers 400 VALIDATION_ERROR with words saying what is wrong.
 */
const range = z.object({
  from: z.string().max(40).optional().openapi({ description: "First day, YYYY-MM-DD (UTC, the shop's clock); default 29 days before `to`" }),
  to: z.string().max(40).optional().openapi({ description: "Last day, YYYY-MM-DD, included; default today. At most 731 days in all" }),
});

const figuresRoute = consoleRoute("dashboard.read", {
  method: "get",
  path: "/figures",
  summary: "MRR and ARR now; over the range: net revenue after refunds, average order value, first orders against renewals, renewal success and dunning recovery, retention by monthly cohort",
  request: { query: range },
  responses: { 200: jsonResponse("The figures", z.any()) },
});

const keyFiguresRoute = consoleRoute("dashboard.read", {
  method: "get",
  path: "/figures/key",
  summary: "The console home's figures: MRR, active subscribers, net revenue and average order value over the last 30 days",
  responses: { 200: jsonResponse("The key figures", z.any()) },
});

/** GET /api/console/figures/{figure}/export.csv, one static path per figure (as the lists' exports are). */
function csvRoute(name: FigureCsvName) {
  return consoleRoute("dashboard.read", {
    method: "get",
    path: `/figures/${name}/export.csv`,
    summary: `The ${name} figures' table as CSV (amounts in minor units); aggregates only, so not on the audit record`,
    request: { query: range },
    responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } } },
  });
}

export const consoleFiguresApi = createRouter()
  .openapi(figuresRoute, async (c) => c.json(await serviceOf(c).figures(c.req.valid("query")), 200))
  .openapi(keyFiguresRoute, async (c) => c.json(await serviceOf(c).keyFigures(), 200));

for (const name of FIGURE_CSV_NAMES) {
  consoleFiguresApi.openapi(csvRoute(name), async (c) => {
    const { csv, range: r } = await serviceOf(c).figuresCsv(name, c.req.valid("query"));
    return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": `attachment; filename="${name}-${r.from}-${r.to}.csv"`, "Cache-Control": "no-store" });
  });
}
