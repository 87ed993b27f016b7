import { experimentNamed, type ExperimentState } from "../../../domain/experiments";
import { ShopError } from "../../../domain/errors";
import { forgetExperimentStateCache, setExperimentState, storedExperimentStates } from "../../modules/analytics";
import { dbOf, type Shop } from "../../shop";
import { consoleAction, type ConsoleActor } from "./console-action";

/**
 * Starts or stops an experiment (ADR 0042). Stopped, the shop serves its control to everyone; started again, each
 * member gets back the variant stored for them. Doing what is already so is allowed and still on the record.
 */
export async function setExperimentStateAction(shop: Shop, actor: ConsoleActor, name: string, state: ExperimentState): Promise<{ name: string; state: ExperimentState }> {
  if (!experimentNamed(name)) throw new ShopError("NOT_FOUND", `There is no experiment named ${name}.`);
  const result = await consoleAction(shop, actor, "experiments.edit", async (tx, now) => {
    const before = (await storedExperimentStates(tx)).get(name)?.state ?? "running";
    await setExperimentState(tx, name, state, now);
    return { result: { name, state }, audit: { targetType: "experiment", targetId: name, before: { state: before }, after: { state } } };
  });
  forgetExperimentStateCache(dbOf(shop));
  return result;
}
