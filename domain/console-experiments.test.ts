import { describe, expect, it } from "vitest";
import { definitionOf, experimentChangeFromForm, experimentFromForm, NewExperimentInput, variantProblems } from "./console-experiments";

describe("console experiments (domain)", () => {
  it("reads the plain create form: control first, empty variant rows left out", () => {
    const input = experimentFromForm({ name: "welcome_copy", control: "control", control_weight: "1", variant_name_1: "warm", variant_weight_1: "3", variant_name_2: "", variant_weight_2: "5", trafficPercent: "80", audience: "members", goalEvent: "Order Completed" });
    const parsed = NewExperimentInput.parse(input);
    expect(parsed.variants).toEqual([{ name: "control", weight: 1 }, { name: "warm", weight: 3 }]);
    expect(definitionOf(parsed)).toEqual({ name: "welcome_copy", control: "control", variants: parsed.variants, traffic: 0.8, audience: "members" });
  });

  it("reads the change form's weight_<variant> fields", () => {
    expect(experimentChangeFromForm({ intent: "change", name: "x", weight_control: "2", weight_warm: "0", trafficPercent: "10", audience: "everyone", goalEvent: "Order Completed" }).weights).toEqual({ control: "2", warm: "0" });
  });

  it("names every rule a set of variants breaks", () => {
    expect(variantProblems({ control: "a", variants: [{ name: "b", weight: 0 }, { name: "b", weight: 0 }] })).toEqual([
      "Each variant needs its own name",
      "The control must be one of the variants",
      "The weights must add up to more than 0",
    ]);
    expect(variantProblems({ control: "a", variants: [{ name: "a", weight: 0 }, { name: "b", weight: 1 }] })).toEqual([]);
  });
});
