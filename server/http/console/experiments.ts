import { z } from "@hono/zod-openapi";
import { ExperimentChangeInput, NewExperimentInput } from "../../../domain/console-experiments";
import { createRouter, jsonBody, jsonResponse } from "../openapi";
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

const createRoute = consoleRoute("experiments.draft", {
  method: "post",
  path: "/experiments",
  summary: "Create an experiment (ADR 0076): name unique across coded and console ones, control and weighted variants, share of traffic, audience, goal. Created stopped",
  request: { body: jsonBody(NewExperimentInput) },
  responses: { 200: jsonResponse("Created, stopped", Any) },
});

const changeRoute = consoleRoute("experiments.draft", {
  method: "put",
  path: "/experiments/{name}",
  summary: "Change a stopped console experiment's weights, traffic, audience, goal or description (409 while it runs)",
  request: { params: Name, body: jsonBody(ExperimentChangeInput) },
  responses: { 200: jsonResponse("Changed", Any) },
});

export const consoleExperimentsApi = createRouter()
  .openapi(createRoute, async (c) => c.json(await serviceOf(c).createExperiment(c.req.valid("json")), 200))
  .openapi(changeRoute, async (c) => c.json(await serviceOf(c).changeExperiment(c.req.valid("param").name, c.req.valid("json")), 200))
  .openapi(listRoute, async (c) => c.json(await serviceOf(c).experiments(), 200))
  .openapi(startRoute, async (c) => c.json(await serviceOf(c).setExperimentState(c.req.valid("param").name, "running"), 200))
  .openapi(stopRoute, async (c) => c.json(await serviceOf(c).setExperimentState(c.req.valid("param").name, "stopped"), 200));
