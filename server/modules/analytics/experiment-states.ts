import { EXPERIMENT_STATES, type ExperimentState } from "../../../domain/experiments";
import type { Queryable } from "../../db/client";
import { experimentStates } from "../../db/schema";

/**
 * Which experiments an operator stopped (ADR 0042). The shell reads this on every signed-in render, so it is kept in
 * memory for a few seconds per database, as flag defaults are: the process that changes a state forgets its copy at
 * once, every other process (web, worker, a second web) picks the change up within EXPERIMENT_STATE_CACHE_MS.
 */
export const EXPERIMENT_STATE_CACHE_MS = 5_000;
const cache = new WeakMap<object, { at: number; stopped: ReadonlySet<string> }>();

const isState = (value: string): value is ExperimentState => (EXPERIMENT_STATES as readonly string[]).includes(value);

/** The stored states (an experiment without a row runs). */
export async function storedExperimentStates(db: Queryable): Promise<Map<string, { state: ExperimentState; updatedAt: Date }>> {
  const rows = await db.select().from(experimentStates);
  return new Map(rows.filter((r) => isState(r.state)).map((r) => [r.name, { state: r.state as ExperimentState, updatedAt: r.updatedAt }]));
}

export async function stoppedExperiments(db: Queryable): Promise<ReadonlySet<string>> {
  const hit = cache.get(db);
  if (hit && performance.now() - hit.at < EXPERIMENT_STATE_CACHE_MS) return hit.stopped;
  const stopped = new Set([...(await storedExperimentStates(db))].filter(([, v]) => v.state === "stopped").map(([name]) => name));
  cache.set(db, { at: performance.now(), stopped });
  return stopped;
}

/** Sets an experiment's state in the caller's transaction. */
export async function setExperimentState(db: Queryable, name: string, state: ExperimentState, now: Date): Promise<void> {
  await db
    .insert(experimentStates)
    .values({ name, state, updatedAt: now })
    .onConflictDoUpdate({ target: experimentStates.name, set: { state, updatedAt: now } });
}

/** Drops this process's copy for a database, so the process that made a change serves it on the next request. */
export const forgetExperimentStateCache = (db: Queryable) => cache.delete(db);
