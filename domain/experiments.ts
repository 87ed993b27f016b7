/** Experiments of SPEC.md section 3, by name, with the variants the shell reacts to. */
export type Experiments = Readonly<Record<string, string>>;

export const LOYALTY_NEW_USER = "loyalty_new_user";
export const REFERRAL_BADGE = "referral_badge_2";
/** Experiments whose variants switch feature flags (EXPERIMENT_FLAGS in domain/flags.ts, ADR 0062). */
export const CART_REDESIGN = "cart_redesign";
export const CHECKOUT_SHIPPING_FEES = "checkout_shipping_fees";

/** loyalty_new_user = exclude hides the Refer entries and the mobile Earn link. */
export function isLoyaltyExcluded(experiments: Experiments): boolean {
  return experiments[LOYALTY_NEW_USER] === "exclude";
}

/** The Earn/Refer badge: "New" in the referral_badge_2 new_badge variant, otherwise the $25 reward. */
export function referralBadge(experiments: Experiments): "$25" | "New" {
  return experiments[REFERRAL_BADGE] === "new_badge" ? "New" : "$25";
}

/** An experiment's definition: its variants with their weights, the control, and the share of units in it. */
export interface ExperimentDefinition {
  name: string;
  /** The variant everyone outside the traffic share, and the baseline of the report, sees. */
  control: string;
  variants: readonly { name: string; weight: number }[];
  /** Share of users or visitors in the experiment, 0 to 1; the rest see the control and are not exposed. */
  traffic: number;
  /** Who may be drawn in (domain/console-experiments.ts); the coded ones are per member (SPEC.md section 6). */
  audience?: ExperimentAudience;
}

/** Who an experiment draws from: everyone, signed-out visitors only, or signed-in members only. */
export const EXPERIMENT_AUDIENCES = ["everyone", "visitors", "members"] as const;
export type ExperimentAudience = (typeof EXPERIMENT_AUDIENCES)[number];

/** Whether a unit of this kind may be drawn into the experiment at all (before the traffic share and the weights). */
export function inAudience(definition: Pick<ExperimentDefinition, "audience">, signedIn: boolean): boolean {
  const audience = definition.audience ?? "members";
  return audience === "everyone" || (audience === "members") === signedIn;
}

export const EXPERIMENT_DEFINITIONS: readonly ExperimentDefinition[] = [
  { name: LOYALTY_NEW_USER, control: "control", variants: [{ name: "control", weight: 50 }, { name: "exclude", weight: 50 }], traffic: 1, audience: "members" },
  { name: REFERRAL_BADGE, control: "control", variants: [{ name: "control", weight: 50 }, { name: "new_badge", weight: 50 }], traffic: 1, audience: "members" },
  // Flag experiments (ADR 0062) ship with no traffic: nobody is drawn into them until the traffic share is raised here.
  // A member can still be placed in a variant (PUT user-experiment, the test hooks), and is then served it.
  { name: CART_REDESIGN, control: "control", variants: [{ name: "control", weight: 34 }, { name: "variant_1", weight: 33 }, { name: "variant_2", weight: 33 }], traffic: 0, audience: "members" },
  { name: CHECKOUT_SHIPPING_FEES, control: "control", variants: [{ name: "control", weight: 50 }, { name: "fees_v2", weight: 50 }], traffic: 0, audience: "members" },
];

export function experimentNamed(name: string): ExperimentDefinition | undefined {
  return EXPERIMENT_DEFINITIONS.find((e) => e.name === name);
}

/** MurmurHash3's 32-bit mix over FNV-1a: fast, pure, and spreads sequential ids evenly. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A point in [0, 1) for this unit in this experiment; the salt separates the traffic draw from the variant draw. */
function bucket(experiment: string, salt: string, unitId: string): number {
  return hash32(`${experiment}:${salt}:${unitId}`) / 2 ** 32;
}

/**
 * Deterministic assignment: the same user or visitor id always gets the same variant of an experiment, with no
 * stored state. Returns null when the unit falls outside the traffic share (it sees the control, unexposed).
 */
export function assignVariant(definition: ExperimentDefinition, unitId: string): string | null {
  if (bucket(definition.name, "traffic", unitId) >= definition.traffic) return null;
  const total = definition.variants.reduce((sum, v) => sum + Math.max(v.weight, 0), 0);
  if (total <= 0) return null;
  let point = bucket(definition.name, "variant", unitId) * total;
  for (const variant of definition.variants) {
    point -= Math.max(variant.weight, 0);
    if (point < 0) return variant.name;
  }
  return definition.variants[definition.variants.length - 1]!.name;
}

export interface VariantCounts {
  variant: string;
  exposures: number;
  conversions: number;
}

export interface Interval {
  low: number;
  high: number;
}

export interface VariantResult extends VariantCounts {
  rate: number;
  /** Wilson score interval of the conversion rate. */
  rateInterval: Interval;
  /** Difference of rates against the control with its interval (normal approximation); null for the control. */
  lift: { difference: number; interval: Interval } | null;
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export function differenceInterval(a: VariantCounts, b: VariantCounts, z = Z95): { difference: number; interval: Interval } | null {
  if (a.exposures === 0 || b.exposures === 0) return null;
  const pa = a.conversions / a.exposures;
  const pb = b.conversions / b.exposures;
  const se = Math.sqrt((pa * (1 - pa)) / a.exposures + (pb * (1 - pb)) / b.exposures);
  const difference = pa - pb;
  return { difference, interval: { low: difference - z * se, high: difference + z * se } };
}

/** Exposures and conversions by variant, each with its rate's interval and its lift over the control. */
export function experimentResults(control: string, counts: readonly VariantCounts[]): VariantResult[] {
  const base = counts.find((c) => c.variant === control);
  return counts.map((c) => ({
    ...c,
    rate: c.exposures ? c.conversions / c.exposures : 0,
    rateInterval: wilsonInterval(c.conversions, c.exposures),
    lift: c.variant === control || !base ? null : differenceInterval(c, base),
  }));
}

/**
 * An experiment runs until an operator stops it (ADR 0042). Stopped, it serves its control to everyone and records
 * no new exposures; starting it again resumes each unit's stored variant.
 */
export const EXPERIMENT_STATES = ["running", "stopped"] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];

/**
 * The variants a member is served: stopped experiments are left out of the map. Every reader of the map (the shell,
 * isLoyaltyExcluded, referralBadge) treats a missing experiment as its control, and the exposure tracker only sends
 * what is in the map, so leaving it out is "control for everyone, nobody exposed".
 */
export function servedExperiments(stored: Experiments, stopped: ReadonlySet<string>): Experiments {
  return Object.fromEntries(Object.entries(stored).filter(([name]) => !stopped.has(name)));
}
