import type { Permission } from "../../../domain/console-access";
import { EXPERIMENT_DEFINITIONS, experimentNamed, type ExperimentState } from "../../../domain/experiments";
import { ShopError } from "../../../domain/errors";
import { experimentReport, storedExperimentStates } from "../../modules/analytics";
import { dbOf, type Shop } from "../../shop";
import { setExperimentStateAction, type ConsoleActor } from "../../workflows/console";

/**
 * The console's experiments (ADR 0042): each defined experiment with its state and the numbers of the report command
 * (experimentReport: one implementation for `npm run experiments:report` and this page). Part of consoleService.
 */
export function experimentsService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    async experiments() {
      allow("experiments.read");
      const states = await storedExperimentStates(db);
      return Promise.all(
        EXPERIMENT_DEFINITIONS.map(async (definition) => {
          const report = await experimentReport(shop, definition.name);
          const stored = states.get(definition.name);
          return {
            name: definition.name,
            control: definition.control,
            traffic: definition.traffic,
            weights: Object.fromEntries(definition.variants.map((v) => [v.name, v.weight])),
            state: (stored?.state ?? "running") as ExperimentState,
            changedAt: stored?.updatedAt.toISOString() ?? null,
            variants: report.variants,
          };
        }),
      );
    },

    async setExperimentState(name: string, state: ExperimentState) {
      allow("experiments.edit");
      if (!experimentNamed(name)) throw new ShopError("NOT_FOUND", `There is no experiment named ${name}.`);
      return setExperimentStateAction(shop, actor, name, state);
    },
  };
}
