import { Hono } from "hono";
import type { AppEnv } from "./types";

/** /healthz: the process answers. /readyz: and its database does, so a load balancer may send traffic. */
export const healthRoutes = new Hono<AppEnv>()
  .get("/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  })
  .get("/readyz", async (c) => {
    c.header("Cache-Control", "no-store");
    try {
      await c.get("shop").database.executeSql("select 1 as ok", []);
      return c.json({ status: "ready", database: c.get("shop").database.kind });
    } catch (error) {
      c.get("shop").log.warn({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable", database: c.get("shop").database.kind }, 503);
    }
  });
