import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { ROUTES, type RouteName } from "../domain/routes";

/** Every route of SPEC.md's table, registered under its spec name (the route id). */
const CONTENT_PAGES = (Object.keys(ROUTES) as RouteName[]).filter((name) => name !== "home");

export default [
  index("routes/home.tsx", { id: "home" }),
  ...CONTENT_PAGES.map((name) => route(ROUTES[name], "routes/content-page.tsx", { id: name })),
  // An empty page of the same build: the baseline for the JavaScript-size benchmark.
  route("/__baseline", "routes/baseline.tsx", { id: "baseline" }),
  // Throws while rendering when test hooks are on: proves the failure page.
  route("/__boom", "routes/boom.tsx", { id: "boom" }),
  route("*", "routes/not-found.tsx", { id: "not_found" }),
] satisfies RouteConfig;
