import { sql } from "drizzle-orm";
import { EVENTS } from "../../../domain/event-names";
import { assignVariant, experimentNamed, experimentResults, EXPERIMENT_DEFINITIONS, servedExperiments, type Experiments, type VariantCounts, type VariantResult } from "../../../domain/experiments";
import { ShopError } from "../../../domain/errors";
import { experimentsOf, setExperiment } from "../customers";
import { dbOf, type Shop } from "../../shop";
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
  const definition = experimentNamed(name);
  if (!definition) throw new ShopError("NOT_FOUND", `There is no experiment named ${name}.`);
  if ((await stoppedExperiments(dbOf(shop))).has(name)) return { name, variant: definition.control, inExperiment: false };
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
  for (const { name } of EXPERIMENT_DEFINITIONS) out[name] = (await assignExperiment(shop, customerId, name)).variant;
  return servedExperiments({ ...(await experimentsOf(shop, customerId)), ...out }, await stoppedExperiments(dbOf(shop)));
}

/** The customer's stored variants as the shop serves them: a stopped experiment is absent, so its control shows. */
export async function servedExperimentsOf(shop: Shop, customerId: string): Promise<Experiments> {
  const [stored, stopped] = await Promise.all([experimentsOf(shop, customerId), stoppedExperiments(dbOf(shop))]);
  return servedExperiments(stored, stopped);
}

export interface ExperimentReport {
  name: string;
  control: string;
  variants: VariantResult[];
}

/**
 * Exposures and conversions by variant. A unit is a signed-in customer or else a browser's anonymous id; its
 * variant is the one of its first "Experiment Viewed"; it converts when it completes an order at or after that.
 */
export async function experimentReport(shop: Shop, name: string): Promise<ExperimentReport> {
  const definition = experimentNamed(name);
  const control = definition?.control ?? "control";
  // Event names are written as literals, not parameters, so PostgreSQL can use the partial index
  // analytics_events_experiment_idx (ADR 0042) even in a generic plan.
  const viewed = sql.raw(`'${EVENTS.experimentViewed.replace(/'/g, "''")}'`);
  const completed = sql.raw(`'${EVENTS.orderCompleted.replace(/'/g, "''")}'`);
  const result = await dbOf(shop).execute(sql`
    with exposures as (
      select distinct on (unit) unit, variant, created_at
      from (
        select coalesce(user_id::text, anonymous_id) as unit, properties->>'variant' as variant, created_at, id
        from analytics_events
        where name = ${viewed} and (properties->>'experiment') = ${name}
      ) e
      where unit is not null
      order by unit, created_at, id
    ),
    orders as (
      select coalesce(user_id::text, anonymous_id) as unit, max(created_at) as at
      from analytics_events
      where name = ${completed} and created_at >= (select min(created_at) from exposures)
      group by 1
    )
    select x.variant as variant, count(*)::int as exposures, count(o.unit)::int as conversions
    from exposures x left join orders o on o.unit = x.unit and o.at >= x.created_at
    group by x.variant order by x.variant`);
  const rows = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as { variant: string; exposures: number; conversions: number }[];
  const counts: VariantCounts[] = rows.map((r) => ({ variant: r.variant, exposures: Number(r.exposures), conversions: Number(r.conversions) }));
  for (const v of definition?.variants ?? []) if (!counts.some((c) => c.variant === v.name)) counts.push({ variant: v.name, exposures: 0, conversions: 0 });
  counts.sort((a, b) => (a.variant === control ? -1 : b.variant === control ? 1 : a.variant.localeCompare(b.variant)));
  return { name, control, variants: experimentResults(control, counts) };
}

export const experimentNames = () => EXPERIMENT_DEFINITIONS.map((e) => e.name);

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
  return [`Experiment ${report.name}: exposures (first "Experiment Viewed" per user or visitor) and conversions (an "Order Completed" after it)`, line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line), ...verdict].join("\n");
}
