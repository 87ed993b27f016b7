import { z } from "@hono/zod-openapi";
import { createRouter, jsonResponse } from "../openapi";
import { serviceOf } from "./middleware";
import { consoleRoute } from "./route";

const Any = z.any();
const Name = z.object({ name: z.string().min(1).max(64) });
const State = z.object({ name: z.string(), state: z.enum(["running", "stopped"]) });

const listRoute = consoleRoute("experiments.read", {
  method: "get",
  path: "/experiments",
  summary: "Each experiment: variants, state, exposures and conversions by variant with rates and 95% intervals (ADR 0022, 0042)",
  responses: { 200: jsonResponse("The experiments", Any) },
});

const startRoute = consoleRoute("experiments.edit", {
  method: "post",
  path: "/experiments/{name}/start",
  summary: "Start (or resume) an experiment: members get their assigned variant again",
  request: { params: Name },
  responses: { 200: jsonResponse("Running", State) },
});

const stopRoute = consoleRoute("experiments.edit", {
  method: "post",
  path: "/experiments/{name}/stop",
  summary: "Stop an experiment: everyone gets its control and no new exposures are recorded (every process within 5 s)",
  request: { params: Name },
  responses: { 200: jsonResponse("Stopped", State) },
});

export const consoleExperimentsApi = createRouter()
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).experiments(), 200))
  .openapi(startRoute, async (c) => c.json(await serviceOf(c).setExperimentState(c.req.valid("param").name, "running"), 200))
  .openapi(stopRoute, async (c) => c.json(await serviceOf(c).setExperimentState(c.req.valid("param").name, "stopped"), 200));
