import { eq } from "drizzle-orm";
import { definitionOf, type ConsoleExperiment, type ExperimentChange, type NewExperiment } from "../../../domain/console-experiments";
import { EXPERIMENT_AUDIENCES, EXPERIMENT_DEFINITIONS, type ExperimentAudience, type ExperimentDefinition } from "../../../domain/experiments";
import { announceChange, cachedUntilChanged } from "../../db/change-notices";
import type { DatabaseHandle, Queryable } from "../../db/client";
import { consoleExperiments } from "../../db/schema";
import type { Shop } from "../../shop";

/**
 * The experiments the shop serves: the coded ones (domain/experiments.ts) and the console's rows (ADR 0076). The shell
 * reads them on every signed-in page, so they are held in memory until a console change is announced on this channel
 * (PostgreSQL LISTEN/NOTIFY, PGlite alike): every process drops its copy at the commit, the writer's own at once.
 */
export const EXPERIMENTS_CHANGED = "experiments_changed";

type Row = typeof consoleExperiments.$inferSelect;

const isAudience = (value: string): value is ExperimentAudience => (EXPERIMENT_AUDIENCES as readonly string[]).includes(value);

function parsedRow(row: Row): ConsoleExperiment | null {
  const variants = Array.isArray(row.variants) ? (row.variants as { name: unknown; weight: unknown }[]) : [];
  if (!isAudience(row.audience) || variants.some((v) => typeof v?.name !== "string" || typeof v?.weight !== "number")) return null;
  return { ...row, audience: row.audience, variants: variants as { name: string; weight: number }[] };
}

/** Every console experiment, oldest first (a malformed row is skipped rather than served). */
export async function consoleExperimentRows(db: Queryable): Promise<ConsoleExperiment[]> {
  const rows = await db.select().from(consoleExperiments).orderBy(consoleExperiments.createdAt, consoleExperiments.name);
  return rows.map(parsedRow).filter((r): r is ConsoleExperiment => r !== null);
}

export async function consoleExperimentNamed(db: Queryable, name: string): Promise<ConsoleExperiment | null> {
  const [row] = await db.select().from(consoleExperiments).where(eq(consoleExperiments.name, name)).limit(1);
  return row ? parsedRow(row) : null;
}

const definitions = cachedUntilChanged(EXPERIMENTS_CHANGED, async (database: DatabaseHandle): Promise<readonly ExperimentDefinition[]> => {
  const rows = await consoleExperimentRows(database.db);
  return Object.freeze([...EXPERIMENT_DEFINITIONS, ...rows.map(definitionOf)]);
});

/** Coded and console experiments, from memory until one is created or changed. */
export function experimentDefinitions(shop: Shop): Promise<readonly ExperimentDefinition[]> {
  return definitions.get(shop.database);
}

export async function experimentDefinitionNamed(shop: Shop, name: string): Promise<ExperimentDefinition | undefined> {
  return (await experimentDefinitions(shop)).find((d) => d.name === name);
}

/** Inserts a validated experiment in the caller's transaction and announces it; false when the name is taken. */
export async function insertConsoleExperiment(tx: Queryable, input: NewExperiment, createdBy: string, now: Date): Promise<ConsoleExperiment | null> {
  const [row] = await tx
    .insert(consoleExperiments)
    .values({ ...input, variants: input.variants, createdBy, createdAt: now })
    .onConflictDoNothing({ target: consoleExperiments.name })
    .returning();
  if (!row) return null;
  await announceChange(tx, EXPERIMENTS_CHANGED);
  return parsedRow(row);
}

/** Writes a stopped experiment's new settings and weights (already checked) and announces it. */
export async function updateConsoleExperiment(tx: Queryable, name: string, change: Omit<ExperimentChange, "weights">, variants: { name: string; weight: number }[]): Promise<void> {
  await tx.update(consoleExperiments).set({ ...change, variants }).where(eq(consoleExperiments.name, name));
  await announceChange(tx, EXPERIMENTS_CHANGED);
}

/** After a commit that changed the console's experiments: this process serves them on its next request. */
export function forgetExperimentDefinitions(shop: Shop): void {
  definitions.forget(shop.database);
}
