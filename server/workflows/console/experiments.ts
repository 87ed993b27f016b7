import { ExperimentChangeInput, isCodedExperiment, type ExperimentChange, type NewExperiment } from "../../../domain/console-experiments";
import { type ExperimentState } from "../../../domain/experiments";
import { ShopError } from "../../../domain/errors";
import {
  consoleExperimentNamed,
  experimentDefinitionNamed,
  forgetExperimentDefinitions,
  forgetExperimentStateCache,
  insertConsoleExperiment,
  setExperimentState,
  storedExperimentStates,
  updateConsoleExperiment,
} from "../../modules/analytics";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * Starts or stops an experiment (ADR 0042). Stopped, the shop serves its control to everyone; started again, each
 * member gets back the variant stored for them. Doing what is already so is allowed and still on the record.
 */
export async function setExperimentStateAction(shop: Shop, actor: ConsoleActor, name: string, state: ExperimentState): Promise<{ name: string; state: ExperimentState }> {
  if (!(await experimentDefinitionNamed(shop, name))) throw new ShopError("NOT_FOUND", `There is no experiment named ${name}.`);
  const result = await consoleAction(shop, actor, "experiments.edit", async (tx, now) => {
    const before = (await storedExperimentStates(tx)).get(name)?.state ?? "running";
    await setExperimentState(tx, name, state, now);
    return { result: { name, state }, audit: { targetType: "experiment", targetId: name, before: { state: before }, after: { state } } };
  });
  forgetExperimentStateCache(dbOf(shop));
  return result;
}

/**
 * Creates a console experiment (ADR 0076), stopped: nobody is drawn in until staff start it. The name is unique across
 * the coded and the console's experiments (the stopped state row is written in the same transaction, so there is no
 * moment when the new experiment runs).
 */
export async function createExperimentAction(shop: Shop, actor: ConsoleActor, input: NewExperiment) {
  if (isCodedExperiment(input.name)) throw new ShopError("EXPERIMENT_NAME_TAKEN");
  const created = await consoleAction(shop, actor, "experiments.draft", async (tx, now) => {
    const row = await insertConsoleExperiment(tx, input, actor.email, now);
    if (!row) throw new ShopError("EXPERIMENT_NAME_TAKEN");
    await setExperimentState(tx, input.name, "stopped", now);
    const { createdAt: _at, createdBy: _by, ...after } = row;
    return { result: row, audit: { targetType: "experiment", targetId: row.name, before: null, after: { ...after, state: "stopped" } } };
  });
  forgetExperimentDefinitions(shop);
  forgetExperimentStateCache(dbOf(shop));
  return created;
}

/**
 * Changes a stopped console experiment's weights, traffic, audience, goal or description. Refused while it runs: a
 * change mid-run would draw new members by other odds than the ones already in it, and the report would mix the two.
 * Members already assigned keep their variant (it is stored), so the change applies to those drawn after it.
 */
export async function changeExperimentAction(shop: Shop, actor: ConsoleActor, name: string, input: ExperimentChange) {
  const change = ExperimentChangeInput.parse(input);
  const result = await consoleAction(shop, actor, "experiments.draft", async (tx) => {
    const current = await consoleExperimentNamed(tx, name);
    if (!current) throw new ShopError("NOT_FOUND", isCodedExperiment(name) ? `${name} is defined in code: change it there.` : `There is no experiment named ${name}.`);
    if (((await storedExperimentStates(tx)).get(name)?.state ?? "running") !== "stopped") throw new ShopError("EXPERIMENT_RUNNING");
    const unknown = Object.keys(change.weights).filter((v) => !current.variants.some((c) => c.name === v));
    if (unknown.length) throw new ShopError("VALIDATION_ERROR", `${name} has no variant ${unknown.join(", ")}.`);
    const variants = current.variants.map((v) => ({ name: v.name, weight: change.weights[v.name] ?? v.weight }));
    if (variants.reduce((sum, v) => sum + v.weight, 0) <= 0) throw new ShopError("VALIDATION_ERROR", "The weights must add up to more than 0.");
    const { weights: _w, ...settings } = change;
    await updateConsoleExperiment(tx, name, settings, variants);
    const pick = (e: typeof current) => ({ description: e.description, trafficPercent: e.trafficPercent, audience: e.audience, goalEvent: e.goalEvent, variants: e.variants });
    const after = { ...current, ...settings, variants };
    return { result: after, audit: { targetType: "experiment", targetId: name, before: pick(current), after: pick(after) } };
  });
  forgetExperimentDefinitions(shop);
  return result;
}
