import type { TestProject } from "vitest/node";
import { makePgliteTemplate, makePostgresTemplate } from "./test-template";

/** Vitest global set-up of the server projects: one migrated, seeded template per run (server/testing/test-template.ts). */
export default async function setup(project: TestProject) {
  const env = project.config.env ?? {};
  if (env.TEST_DB === "postgres") return makePostgresTemplate(env.TEST_POSTGRES_URL!);
  return makePgliteTemplate();
}
