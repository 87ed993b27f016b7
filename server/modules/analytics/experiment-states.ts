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
  const started = performance.now();
  const hit = cache.get(db);
  if (hit && started - hit.at < EXPERIMENT_STATE_CACHE_MS) return hit.stopped;
  const generation = generations.get(db) ?? 0;
  const stopped = new Set([...(await storedExperimentStates(db))].filter(([, v]) => v.state === "stopped").map(([name]) => name));
  // A copy is as old as its read's start; a read that began before this process changed a state is not kept.
  if ((generations.get(db) ?? 0) === generation) cache.set(db, { at: started, stopped });
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
export function forgetExperimentStateCache(db: Queryable): void {
  cache.delete(db);
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

/** Bumped by every forget: a read started under an older one does not refill the cache. */
const generations = new WeakMap<object, number>();
