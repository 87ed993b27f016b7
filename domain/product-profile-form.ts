import { isMediaHash } from "./media";
import { ProductProfileSchema, REASSURANCE_ICONS, type ProductProfile } from "./product-profile";

/**
 * The console's product profile editor as a plain form (ADR 0069), read into a profile. Every field is one value:
 *   gallery-<i> = hash (the order it was shown in), position-<hash> = its new place, alt-<hash>, remove-<hash> = "on",
 *   add-<hash> = "on" (a library photo to append);
 *   servingSize, servingsPerPack, amounts and strains (one per line, parts split by "|"), otherIngredients, allergens, notes;
 *   reassurance-<i>-icon|title|text|countries (a row with no title is left out).
 */
export const MAX_REASSURANCE_ROWS = 5;

export type ProfileFormResult = { ok: true; profile: ProductProfile } | { ok: false; error: string };

const blankToUndefined = (v: string | undefined) => (v && v.trim() !== "" ? v.trim() : undefined);
const lines = (v: string | undefined) => (v ?? "").split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
const parts = (line: string) => line.split("|").map((p) => p.trim());

export function readProfileForm(fields: Readonly<Record<string, string>>): ProfileFormResult {
  const profile = {
    gallery: galleryOf(fields),
    facts: {
      servingSize: fields.servingSize ?? "",
      servingsPerPack: fields.servingsPerPack ?? "",
      amounts: lines(fields.amounts).map((l) => {
        const [name = "", amount = "", dailyValue] = parts(l);
        return { name, amount, ...(blankToUndefined(dailyValue) ? { dailyValue: dailyValue!.trim() } : {}) };
      }),
      strains: lines(fields.strains).map((l) => {
        const [name = "", count] = parts(l);
        return { name, ...(blankToUndefined(count) ? { count: count!.trim() } : {}) };
      }),
      otherIngredients: fields.otherIngredients ?? "",
      ...(blankToUndefined(fields.allergens) ? { allergens: fields.allergens!.trim() } : {}),
      ...(blankToUndefined(fields.notes) ? { notes: fields.notes!.trim() } : {}),
    },
    reassurance: reassuranceOf(fields),
  };
  const parsed = ProductProfileSchema.safeParse(profile);
  if (parsed.success) return { ok: true, profile: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, error: `${fieldName(issue.path)}: ${issue.message}` };
}

/** The gallery kept (minus removed), ordered by the positions typed, then the library photos ticked to add. */
function galleryOf(fields: Readonly<Record<string, string>>) {
  const shown = Object.keys(fields)
    .filter((k) => /^gallery-\d+$/.test(k))
    .map((k) => ({ index: Number(k.slice(8)), hash: fields[k]! }))
    .filter((g) => isMediaHash(g.hash) && fields[`remove-${g.hash}`] !== "on")
    .map((g) => ({ ...g, position: Number(fields[`position-${g.hash}`]) || g.index + 1 }))
    .sort((a, b) => a.position - b.position || a.index - b.index);
  const kept = new Set(shown.map((g) => g.hash));
  const added = Object.keys(fields)
    .filter((k) => k.startsWith("add-") && fields[k] === "on")
    .map((k) => k.slice(4))
    .filter((h) => isMediaHash(h) && !kept.has(h));
  return [...shown.map((g) => g.hash), ...added].map((hash) => ({ hash, ...(blankToUndefined(fields[`alt-${hash}`]) ? { alt: fields[`alt-${hash}`]!.trim() } : {}) }));
}

function reassuranceOf(fields: Readonly<Record<string, string>>) {
  return Array.from({ length: MAX_REASSURANCE_ROWS }, (_, i) => i)
    .filter((i) => blankToUndefined(fields[`reassurance-${i}-title`]))
    .map((i) => {
      const countries = (fields[`reassurance-${i}-countries`] ?? "")
        .split(",")
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean);
      const icon = fields[`reassurance-${i}-icon`] ?? "";
      return {
        icon: (REASSURANCE_ICONS as readonly string[]).includes(icon) ? icon : "",
        title: fields[`reassurance-${i}-title`] ?? "",
        text: fields[`reassurance-${i}-text`] ?? "",
        ...(countries.length > 0 ? { countries } : {}),
      };
    });
}

const FIELD_NAMES: Record<string, string> = {
  gallery: "Gallery",
  servingSize: "Serving size",
  servingsPerPack: "Servings per pack",
  amounts: "Amounts",
  strains: "Strains",
  otherIngredients: "Other ingredients",
  allergens: "Allergens",
  notes: "Notes",
  reassurance: "Reassurance",
};

/** "facts.amounts.0.amount" -> "Amounts, line 1"; "reassurance.2.title" -> "Reassurance, row 3". */
function fieldName(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  if (first === "facts") return third !== undefined && /^\d+$/.test(third) ? `${FIELD_NAMES[second!] ?? second}, line ${Number(third) + 1}` : (FIELD_NAMES[second!] ?? second ?? "Facts");
  if (first === "reassurance" && second !== undefined) return `Reassurance, row ${Number(second) + 1}`;
  return FIELD_NAMES[first ?? ""] ?? "The form";
}

/** The profile as the form's fields, to fill the editor (the inverse of readProfileForm for facts and reassurance). */
export function profileFormValues(profile: ProductProfile) {
  return {
    servingSize: profile.facts.servingSize,
    servingsPerPack: profile.facts.servingsPerPack,
    amounts: profile.facts.amounts.map((a) => [a.name, a.amount, a.dailyValue ?? ""].join(" | ").replace(/ \| $/, "")).join("\n"),
    strains: profile.facts.strains.map((s) => (s.count ? `${s.name} | ${s.count}` : s.name)).join("\n"),
    otherIngredients: profile.facts.otherIngredients,
    allergens: profile.facts.allergens ?? "",
    notes: profile.facts.notes ?? "",
  };
}
