import { z } from "./zod";
import { EXPERIMENT_AUDIENCES, EXPERIMENT_DEFINITIONS, type ExperimentAudience, type ExperimentDefinition } from "./experiments";
import { EVENTS } from "./event-names";

/**
 * Experiments made in the console (issue 36, ADR 0076): the same definition as the coded ones of experiments.ts, plus
 * what staff wrote about it. Served, assigned and counted exactly like the coded ones.
 */

/**
 * Goals the shop can count from its own records, never from what a browser posts (ADR 0056): "Order Completed" is a
 * checkout order of the member at or after their exposure (renewals and held orders left out).
 */
export const EXPERIMENT_GOALS = [EVENTS.orderCompleted] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number];

export const EXPERIMENT_NAME_PATTERN = /^[a-z][a-z0-9_]{2,47}$/;
const VARIANT_NAME_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_VARIANTS = 6;
export const MAX_WEIGHT = 1000;

const Slug = (pattern: RegExp, what: string) =>
  z.string().trim().regex(pattern, `${what}: lower-case letters, digits and _, starting with a letter`);

export const ExperimentVariantInput = z.object({
  name: Slug(VARIANT_NAME_PATTERN, "Variant name (up to 32 characters)"),
  weight: z.coerce.number().int("Weights are whole numbers").min(0, "A weight cannot be negative").max(MAX_WEIGHT, `A weight is at most ${MAX_WEIGHT}`),
});

/** What staff may change on a stopped experiment: everything but its name and its variants' names. */
export const ExperimentSettingsInput = z.object({
  description: z.string().trim().max(500, "The description is at most 500 characters").default(""),
  trafficPercent: z.coerce.number().int("The share of traffic is a whole percent").min(0, "The share of traffic is 0 to 100%").max(100, "The share of traffic is 0 to 100%"),
  audience: z.enum(EXPERIMENT_AUDIENCES, "Choose everyone, visitors or members"),
  goalEvent: z.enum(EXPERIMENT_GOALS, `The goal is one of: ${EXPERIMENT_GOALS.join(", ")}`),
});

export const NewExperimentInput = ExperimentSettingsInput.extend({
  name: Slug(EXPERIMENT_NAME_PATTERN, "Name (3 to 48 characters)"),
  control: z.string().trim().min(1, "Name the control variant"),
  variants: z.array(ExperimentVariantInput).min(2, "An experiment needs the control and at least one variant").max(MAX_VARIANTS, `At most ${MAX_VARIANTS} variants`),
}).superRefine((input, ctx) => variantProblems(input).forEach((message) => ctx.addIssue({ code: "custom", message, path: ["variants"] })));
export type NewExperiment = z.infer<typeof NewExperimentInput>;

/** A change of a stopped experiment: its settings and new weights for the variants it has. */
export const ExperimentChangeInput = ExperimentSettingsInput.extend({
  weights: z.record(z.string(), ExperimentVariantInput.shape.weight),
});
export type ExperimentChange = z.infer<typeof ExperimentChangeInput>;

/** Rules across the variants: names unique, the control among them, and some weight to draw by. */
export function variantProblems(input: { control: string; variants: readonly { name: string; weight: number }[] }): string[] {
  const names = input.variants.map((v) => v.name);
  const problems: string[] = [];
  if (new Set(names).size !== names.length) problems.push("Each variant needs its own name");
  if (!names.includes(input.control)) problems.push("The control must be one of the variants");
  if (input.variants.reduce((sum, v) => sum + v.weight, 0) <= 0) problems.push("The weights must add up to more than 0");
  return problems;
}

/** A name no coded experiment has (console rows are checked against the table). */
export const isCodedExperiment = (name: string) => EXPERIMENT_DEFINITIONS.some((e) => e.name === name);

/** A stored console experiment as the shop serves it: one definition like the coded ones. */
export interface ConsoleExperiment {
  name: string;
  description: string;
  control: string;
  variants: { name: string; weight: number }[];
  trafficPercent: number;
  audience: ExperimentAudience;
  goalEvent: string;
  createdBy: string;
  createdAt: Date;
}

export function definitionOf(row: Pick<ConsoleExperiment, "name" | "control" | "variants" | "trafficPercent" | "audience">): ExperimentDefinition {
  return { name: row.name, control: row.control, variants: row.variants, traffic: row.trafficPercent / 100, audience: row.audience };
}

/** How many variant rows besides the control the console's plain form offers (empty rows are ignored). */
export const FORM_VARIANT_ROWS = 4;

/**
 * The console's create form (it works before JavaScript: plain named fields) as NewExperimentInput's shape: the
 * control's name and weight, then rows variant_name_N / variant_weight_N, empty rows left out.
 */
export function experimentFromForm(fields: Record<string, string | undefined>) {
  const control = (fields.control ?? "").trim();
  const rows = Array.from({ length: FORM_VARIANT_ROWS }, (_, i) => ({ name: (fields[`variant_name_${i + 1}`] ?? "").trim(), weight: fields[`variant_weight_${i + 1}`] ?? "" }));
  return {
    name: fields.name ?? "",
    description: fields.description ?? "",
    control,
    variants: [{ name: control, weight: fields.control_weight ?? "" }, ...rows.filter((r) => r.name !== "")],
    trafficPercent: fields.trafficPercent ?? "",
    audience: fields.audience ?? "",
    goalEvent: fields.goalEvent ?? "",
  };
}

/** The change form of a stopped experiment: weight_<variant> fields, and the settings. */
export function experimentChangeFromForm(fields: Record<string, string | undefined>) {
  const weights = Object.fromEntries(Object.entries(fields).filter(([k]) => k.startsWith("weight_")).map(([k, v]) => [k.slice("weight_".length), v ?? ""]));
  return { description: fields.description ?? "", trafficPercent: fields.trafficPercent ?? "", audience: fields.audience ?? "", goalEvent: fields.goalEvent ?? "", weights };
}

export const AUDIENCE_LABELS: Record<ExperimentAudience, string> = {
  everyone: "Everyone (members and signed-out visitors)",
  visitors: "Signed-out visitors only",
  members: "Signed-in members only",
};
