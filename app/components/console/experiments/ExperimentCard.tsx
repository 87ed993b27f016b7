import { Form } from "react-router";
import { AUDIENCE_LABELS, MAX_WEIGHT } from "../../../../domain/console-experiments";
import type { ExperimentAudience, VariantResult } from "../../../../domain/experiments";
import { Badge, SubmitButton, When } from "../ui";
import { AudienceField, TrafficField } from "./experiment-fields";

export interface ExperimentView {
  name: string;
  source: "code" | "console";
  description: string;
  control: string;
  traffic: number;
  audience: ExperimentAudience;
  goalEvent: string;
  createdBy: string | null;
  weights: Record<string, number>;
  state: "running" | "stopped";
  changedAt: string | null;
  variants: VariantResult[];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const points = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`;

/** The report's call on a variant: better or worse only when the 95% interval of the difference excludes 0. */
function verdict(lift: { interval: { low: number; high: number } } | null) {
  if (!lift) return "-";
  if (lift.interval.low > 0) return "better than control";
  if (lift.interval.high < 0) return "worse than control";
  return "no clear difference yet";
}

/** One experiment: what it is, its numbers by variant, and what this member of staff may do with it. */
export function ExperimentCard({ e, mayEdit, mayDraft, audiences, goals }: { e: ExperimentView; mayEdit: boolean; mayDraft: boolean; audiences: readonly ExperimentAudience[]; goals: readonly string[] }) {
  return (
    <section className="c-card" aria-labelledby={`exp-${e.name}`}>
      <h2 id={`exp-${e.name}`} style={{ marginTop: 0 }}>
        {e.name} {e.state === "running" ? <Badge tone="sent">running</Badge> : <Badge tone="failed">stopped</Badge>}
      </h2>
      {e.description ? <p style={{ marginTop: 0 }}>{e.description}</p> : null}
      <p className="c-hint">
        {e.source === "code" ? "Defined in code." : `Made in the console${e.createdBy ? ` by ${e.createdBy}` : ""}.`} Control: {e.control}. Traffic in
        the experiment: {pct(e.traffic)}. Audience: {AUDIENCE_LABELS[e.audience].toLowerCase()}. Goal: {e.goalEvent}.{" "}
        {e.changedAt ? (
          <>
            {e.state === "running" ? "Started" : "Stopped"} <When iso={e.changedAt} />.
          </>
        ) : (
          "Running since launch."
        )}
      </p>
      <div className="c-table-wrap" tabIndex={0} role="region" aria-label={`${e.name} by variant`}>
        <table className="c-table">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Weight</th>
              <th scope="col" className="c-num">Exposures</th>
              <th scope="col" className="c-num">Conversions</th>
              <th scope="col" className="c-num">Conversion rate</th>
              <th scope="col">95% interval</th>
              <th scope="col">Lift vs control (points)</th>
              <th scope="col">Reading</th>
            </tr>
          </thead>
          <tbody>
            {e.variants.map((v) => (
              <tr key={v.variant}>
                <th scope="row">
                  {v.variant}
                  {v.variant === e.control ? " (control)" : ""}
                </th>
                <td>{e.weights[v.variant] ?? "-"}</td>
                <td className="c-num">{v.exposures}</td>
                <td className="c-num">{v.conversions}</td>
                <td className="c-num">{pct(v.rate)}</td>
                <td>
                  {pct(v.rateInterval.low)} to {pct(v.rateInterval.high)}
                </td>
                <td>{v.lift ? `${points(v.lift.difference)} (${points(v.lift.interval.low)} to ${points(v.lift.interval.high)})` : "-"}</td>
                <td>{verdict(v.lift)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {mayEdit ? (
        <Form method="post" style={{ marginTop: "1rem" }}>
          <input type="hidden" name="name" value={e.name} />
          {e.state === "running" ? (
            <SubmitButton name="intent" value="stop">
              Stop {e.name}
            </SubmitButton>
          ) : (
            <SubmitButton name="intent" value="start">
              Start {e.name}
            </SubmitButton>
          )}
        </Form>
      ) : null}
      {mayDraft && e.source === "console" && e.state === "stopped" ? <ChangeForm e={e} audiences={audiences} goals={goals} /> : null}
    </section>
  );
}

/** Weights, traffic, audience and goal of a stopped console experiment (ADR 0076: never while it runs). */
function ChangeForm({ e, audiences, goals }: { e: ExperimentView; audiences: readonly ExperimentAudience[]; goals: readonly string[] }) {
  return (
    <details style={{ marginTop: "1rem" }}>
      <summary>Change {e.name} (only while stopped)</summary>
      <Form method="post" className="c-form" style={{ marginTop: ".75rem" }} aria-label={`Change ${e.name}`}>
        <input type="hidden" name="intent" value="change" />
        <input type="hidden" name="name" value={e.name} />
        <div className="c-form-row">
          {Object.entries(e.weights).map(([variant, weight]) => (
            <label className="c-field" key={variant}>
              Weight of {variant}
              <input name={`weight_${variant}`} type="number" min={0} max={MAX_WEIGHT} step={1} style={{ width: "5.5rem" }} required defaultValue={weight} inputMode="numeric" />
            </label>
          ))}
          <TrafficField defaultValue={Math.round(e.traffic * 100)} />
        </div>
        <div className="c-form-row">
          <AudienceField audiences={audiences} defaultValue={e.audience} />
          <label className="c-field">
            Goal event
            <select name="goalEvent" defaultValue={e.goalEvent}>
              {goals.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
          </label>
          <label className="c-field" style={{ flex: "1 1 16rem" }}>
            Description
            <input name="description" maxLength={500} defaultValue={e.description} />
          </label>
        </div>
        <div>
          <SubmitButton quiet>Save changes to {e.name}</SubmitButton>
        </div>
      </Form>
    </details>
  );
}
