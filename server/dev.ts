import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { createApp } from "./app";
import { openShop } from "./boot";
import { parseEnv } from "./env";
import { startJobs } from "./jobs/queue";
import { createLogger } from "./lib/logger";
import { startWarnings } from "./start-warnings";

/** Used by scripts/dev.mjs: the shop with pages rendered from Vite's live React Router build. */
export async function startDevShop(loadBuild: () => Promise<ServerBuild>) {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  for (const warning of startWarnings(env)) log.warn(warning);
  const shop = await openShop(env, { log });
  const jobs = env.JOBS === "inline" ? await startJobs(shop) : null;
  const app = createApp(shop, {
    viteDev: true,
    document: async (request, context) =>
      createRequestHandler(await loadBuild(), "development")(request, context as unknown as AppLoadContext),
  });
  return {
    app,
    port: env.PORT,
    stop: async () => {
      await jobs?.stop();
      await shop.database.close();
    },
  };
}
