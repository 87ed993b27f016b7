import type { Permission } from "../../../domain/console-access";
import { EXPERIMENT_GOALS, ExperimentChangeInput, isCodedExperiment, NewExperimentInput } from "../../../domain/console-experiments";
import { EXPERIMENT_AUDIENCES, type ExperimentState } from "../../../domain/experiments";
import { ShopError } from "../../../domain/errors";
import { consoleExperimentRows, experimentDefinitions, experimentReport, storedExperimentStates } from "../../modules/analytics";
import { dbOf, type Shop } from "../../shop";
import { changeExperimentAction, createExperimentAction, setExperimentStateAction, type ConsoleActor } from "../../workflows/console";

/** Input from a form or JSON, checked by the domain's schema; a bad one is a 400 with the first problem in words. */
function parsed<T>(schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } } }, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new ShopError("VALIDATION_ERROR", result.error.issues[0]?.message ?? "The request is not valid.");
  return result.data;
}

/**
 * The console's experiments (ADR 0042, 0076): each coded and console-made experiment with its state and the numbers of
 * the report command (experimentReport: one implementation for `npm run experiments:report` and this page). Part of
 * consoleService.
 */
export function experimentsService(shop: Shop, actor: ConsoleActor, allow: (permission: Permission) => void) {
  const db = dbOf(shop);
  return {
    async experiments() {
      allow("experiments.read");
      const [states, definitions, rows] = await Promise.all([storedExperimentStates(db), experimentDefinitions(shop), consoleExperimentRows(db)]);
      return Promise.all(
        definitions.map(async (definition) => {
          const report = await experimentReport(shop, definition.name);
          const stored = states.get(definition.name);
          const row = rows.find((r) => r.name === definition.name);
          return {
            name: definition.name,
            source: isCodedExperiment(definition.name) ? ("code" as const) : ("console" as const),
            description: row?.description ?? "",
            control: definition.control,
            traffic: definition.traffic,
            audience: definition.audience ?? "members",
            goalEvent: row?.goalEvent ?? "Order Completed",
            createdBy: row?.createdBy ?? null,
            weights: Object.fromEntries(definition.variants.map((v) => [v.name, v.weight])),
            state: (stored?.state ?? "running") as ExperimentState,
            changedAt: stored?.updatedAt.toISOString() ?? null,
            variants: report.variants,
          };
        }),
      );
    },

    /** What the create form offers: the audiences and the goals the shop can count itself. */
    experimentChoices() {
      allow("experiments.read");
      return { audiences: EXPERIMENT_AUDIENCES, goals: EXPERIMENT_GOALS };
    },

    async setExperimentState(name: string, state: ExperimentState) {
      allow("experiments.edit");
      return setExperimentStateAction(shop, actor, name, state);
    },

    async createExperiment(input: unknown) {
      allow("experiments.draft");
      return createExperimentAction(shop, actor, parsed(NewExperimentInput, input));
    },

    async changeExperiment(name: string, input: unknown) {
      allow("experiments.draft");
      return changeExperimentAction(shop, actor, name, parsed(ExperimentChangeInput, input));
    },
  };
}
