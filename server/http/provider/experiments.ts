import { createRoute, z } from "@hono/zod-openapi";
import { ShopError } from "../../../domain/errors";
import { assignExperiment, experimentDefinitionNamed, servedExperimentsOf, stoppedExperiments } from "../../modules/analytics";
import { setExperiment } from "../../modules/customers";
import { dbOf } from "../../shop";
import { createRouter, errorResponses, jsonBody, jsonResponse, MEMBER_ONLY, ErrorSchema } from "../openapi";
import { requireSession } from "../middleware/require-session";
import { sessionFirst } from "../middleware/require-session";

const Name = z.string().regex(/^[a-z0-9_]{1,64}$/, "an experiment name: lowercase letters, digits and _");
const Variant = z.string().regex(/^[a-z0-9_]{1,64}$/, "a variant: lowercase letters, digits and _");

const route = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "put",
  path: "/account/user-experiment/{name}",
  summary: "The signed-in customer's variant of an experiment: assigned deterministically, or recorded when a variant is sent",
  request: {
    params: z.object({ name: Name }),
    body: { content: { "application/json": { schema: z.object({ variant: Variant.optional() }) } }, required: false },
  },
  responses: {
    200: jsonResponse("Assigned or recorded", z.object({ name: z.string(), variant: z.string(), inExperiment: z.boolean() })),
    401: jsonResponse("Not signed in", z.object({ code: z.string(), message: z.string() })),
    ...errorResponses,
    404: jsonResponse("No running experiment by that name: EXPERIMENT_NOT_FOUND", ErrorSchema),
  },
});

const getRoute = createRoute({
  middleware: sessionFirst,
  security: MEMBER_ONLY,
  method: "get",
  path: "/account/user-experiment/{name}",
  summary: "The signed-in customer's variant of an experiment; 404 'Error fetching experiment' when none",
  request: { params: z.object({ name: Name }) },
  responses: {
    200: jsonResponse("The variant", z.object({ name: z.string(), variant: z.string() })),
    401: jsonResponse("Not signed in", z.object({ code: z.string(), message: z.string() })),
    404: jsonResponse("Error fetching experiment", z.object({ code: z.string(), message: z.string() })),
    ...errorResponses,
  },
});

export const experimentsProvider = createRouter()
  .openapi(getRoute, async (c) => {
    const session = requireSession(c);
    const { name } = c.req.valid("param");
    // A stopped experiment answers its control (ADR 0042); the stored variant comes back if it is started again.
    const served = (await servedExperimentsOf(c.get("shop"), session.customerId))[name];
    const stopped = !served && (await stoppedExperiments(dbOf(c.get("shop")))).has(name);
    const variant = served ?? (stopped ? (await experimentDefinitionNamed(c.get("shop"), name))?.control : undefined);
    if (!variant) throw new ShopError("EXPERIMENT_NOT_FOUND");
    return c.json({ name, variant }, 200);
  })
  .openapi(route, async (c) => {
  const session = requireSession(c);
  const { name } = c.req.valid("param");
  const variant = (c.req.valid("json") as { variant?: string } | undefined)?.variant;
  if (!variant) return c.json(await assignExperiment(c.get("shop"), session.customerId, name), 200);
  await setExperiment(c.get("shop"), session.customerId, name, variant);
  // Recorded, but a stopped experiment still serves its control, unexposed (ADR 0042).
  const definition = await experimentDefinitionNamed(c.get("shop"), name);
  if (definition && (await stoppedExperiments(dbOf(c.get("shop")))).has(name)) return c.json({ name, variant: definition.control, inExperiment: false }, 200);
  return c.json({ name, variant, inExperiment: true }, 200);
});
