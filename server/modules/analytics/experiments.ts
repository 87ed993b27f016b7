import { assignVariant, experimentResults, inAudience, servedExperiments, type ExperimentDefinition, type Experiments, type VariantCounts, type VariantResult } from "../../../domain/experiments";
import { ShopError } from "../../../domain/errors";
import { assignmentsOf, experimentsOf, exposedMembers, recordExposures, setExperiment, type StoredAssignment } from "../customers";
import { customersWhoOrderedSince } from "../orders";
import { dbOf, type Shop } from "../../shop";
import { experimentDefinitionNamed, experimentDefinitions } from "./console-experiments";
import { stoppedExperiments } from "./experiment-states";

export interface Assignment {
  name: string;
  variant: string;
  /** False when the customer falls outside the experiment's traffic share: they see the control, unexposed. */
  inExperiment: boolean;
}

/**
 * The customer's variant of an experiment: the one already stored, else the deterministic one (hash of the customer
 * id with the experiment's name), stored so it survives a change of the split. Unknown experiments answer NOT_FOUND.
 * A stopped experiment (ADR 0042) answers its control, outside the experiment: nothing is stored, nobody is exposed.
 */
export async function assignExperiment(shop: Shop, customerId: string, name: string): Promise<Assignment> {
  const definition = await experimentDefinitionNamed(shop, name);
  if (!definition) throw new ShopError("NOT_FOUND", `There is no experiment named ${name}.`);
  if ((await stoppedExperiments(dbOf(shop))).has(name)) return { name, variant: definition.control, inExperiment: false };
  // Only signed-in members reach this (the provider's user-experiment calls): a visitors-only experiment is not theirs.
  if (!inAudience(definition, true)) return { name, variant: definition.control, inExperiment: false };
  const stored = (await experimentsOf(shop, customerId))[name];
  if (stored) return { name, variant: stored, inExperiment: true };
  const variant = assignVariant(definition, customerId);
  if (!variant) return { name, variant: definition.control, inExperiment: false };
  await setExperiment(shop, customerId, name, variant);
  return { name, variant, inExperiment: true };
}

/** Every defined experiment's variant for a customer (the shell's experiments map); stopped ones are left out. */
export async function experimentsFor(shop: Shop, customerId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const { name } of await experimentDefinitions(shop)) out[name] = (await assignExperiment(shop, customerId, name)).variant;
  return servedExperiments({ ...(await experimentsOf(shop, customerId)), ...out }, await stoppedExperiments(dbOf(shop)));
}

/** The customer's stored variants as the shop serves them: a stopped experiment is absent, so its control shows. */
export async function servedExperimentsOf(shop: Shop, customerId: string): Promise<Experiments> {
  const [stored, stopped] = await Promise.all([experimentsOf(shop, customerId), stoppedExperiments(dbOf(shop))]);
  return servedExperiments(stored, stopped);
}

/**
 * The member's experiments as the shell renders them, and the exposure counted where it happens: on the server
 * (ADR 0056). A running experiment the member has no variant of is assigned now (deterministically, as
 * assignExperiment does); a defined variant served for the first time is recorded as exposed. Once every running
 * variant is exposed this is one read and no write. Stopped experiments are left out: their control shows, uncounted.
 */
export async function serveExperiments(shop: Shop, customerId: string): Promise<Experiments> {
  const [stored, stopped, definitions] = await Promise.all([assignmentsOf(shop, customerId), stoppedExperiments(dbOf(shop)), experimentDefinitions(shop)]);
  const firstServed = variantsServedFirstTime(definitions, stored, stopped, customerId);
  await recordExposures(shop, customerId, firstServed);
  const variants = Object.fromEntries([...stored, ...firstServed].map((a) => [a.name, a.variant]));
  return servedExperiments(variants, stopped);
}

/**
 * The variants of running experiments this member is about to see for the first time: new assignments included. An
 * experiment whose audience is signed-out visitors only draws no member (ADR 0076).
 */
function variantsServedFirstTime(definitions: readonly ExperimentDefinition[], stored: StoredAssignment[], stopped: ReadonlySet<string>, customerId: string) {
  const out: { name: string; variant: string }[] = [];
  for (const definition of definitions) {
    if (stopped.has(definition.name) || !inAudience(definition, true)) continue;
    const row = stored.find((a) => a.name === definition.name);
    // A variant sent through PUT user-experiment that the definition does not have is shown but never counted.
    if (row) {
      if (!row.exposedAt && isDefinedVariant(definition, row.variant)) out.push({ name: row.name, variant: row.variant });
      continue;
    }
    const variant = assignVariant(definition, customerId); // null outside the traffic share: control, unexposed
    if (variant) out.push({ name: definition.name, variant });
  }
  return out;
}

const isDefinedVariant = (definition: ExperimentDefinition | undefined, variant: string) => Boolean(definition?.variants.some((v) => v.name === variant));

export interface ExperimentReport {
  name: string;
  control: string;
  variants: VariantResult[];
}

/**
 * Exposures and conversions by variant, from what the shop itself recorded (ADR 0056): an exposure is a member the
 * server served a variant to (customer_experiments.exposed_at), a conversion a checkout order of that member at or
 * after it (the orders module). Analytics events sent by browsers never move these numbers.
 */
export async function experimentReport(shop: Shop, name: string): Promise<ExperimentReport> {
  const definition = await experimentDefinitionNamed(shop, name);
  const control = definition?.control ?? "control";
  const exposed = (await exposedMembers(dbOf(shop), name)).filter((e) => isDefinedVariant(definition, e.variant));
  const converted = await customersWhoOrderedSince(dbOf(shop), exposed.map((e) => ({ customerId: e.customerId, since: e.exposedAt })));
  const counts: VariantCounts[] = (definition?.variants ?? []).map((v) => {
    const units = exposed.filter((e) => e.variant === v.name);
    return { variant: v.name, exposures: units.length, conversions: units.filter((e) => converted.has(e.customerId)).length };
  });
  counts.sort((a, b) => (a.variant === control ? -1 : b.variant === control ? 1 : a.variant.localeCompare(b.variant)));
  return { name, control, variants: experimentResults(control, counts) };
}

export const experimentNames = async (shop: Shop) => (await experimentDefinitions(shop)).map((e) => e.name);

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const signedPct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;

/** The report as the operator reads it in a terminal: one row per variant, 95% intervals. */
export function formatExperimentReport(report: ExperimentReport): string {
  const header = ["variant", "exposures", "conversions", "rate", "95% CI of rate", "lift vs control (points)", "95% CI of lift"];
  const rows = report.variants.map((v) => [
    v.variant === report.control ? `${v.variant} (control)` : v.variant,
    String(v.exposures),
    String(v.conversions),
    pct(v.rate),
    `${pct(v.rateInterval.low)} to ${pct(v.rateInterval.high)}`,
    v.lift ? signedPct(v.lift.difference) : "-",
    v.lift ? `${signedPct(v.lift.interval.low)} to ${signedPct(v.lift.interval.high)}` : "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd();
  const verdict = report.variants
    .filter((v) => v.lift)
    .map((v) => {
      const { low, high } = v.lift!.interval;
      const call = low > 0 ? "better than control" : high < 0 ? "worse than control" : "no clear difference yet";
      return `${v.variant}: ${call} (95% CI of the difference excludes 0: ${low > 0 || high < 0 ? "yes" : "no"})`;
    });
  return [`Experiment ${report.name}: exposures (members the shop served a variant) and conversions (a checkout order of theirs after it), counted by the server`, line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line), ...verdict].join("\n");
}
