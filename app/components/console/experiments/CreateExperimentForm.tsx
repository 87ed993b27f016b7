import { Form } from "react-router";
import { FORM_VARIANT_ROWS, MAX_WEIGHT } from "../../../../domain/console-experiments";
import type { ExperimentAudience } from "../../../../domain/experiments";
import { SubmitButton } from "../ui";
import { AudienceField, TrafficField } from "./experiment-fields";

/** The slug rule of EXPERIMENT_NAME_PATTERN, for the browser's own check before the server's. */
const NAME_PATTERN = "[a-z][a-z0-9_]{2,47}";
const VARIANT_PATTERN = "[a-z][a-z0-9_]{0,31}";

/**
 * Creates an experiment (ADR 0076). A plain form: it works before JavaScript, the server checks every rule again.
 * The experiment is created stopped; starting it is a separate, owner-only step.
 */
export function CreateExperimentForm({ audiences, goals, open }: { audiences: readonly ExperimentAudience[]; goals: readonly string[]; open: boolean }) {
  return (
    <details className="c-card" open={open}>
      <summary>
        <strong>Create an experiment</strong>
      </summary>
      <Form method="post" className="c-form" style={{ marginTop: "1rem" }} aria-label="Create an experiment">
        <input type="hidden" name="intent" value="create" />
        <div className="c-form-row">
          <div className="c-field">
            <label htmlFor="exp-name">Name</label>
            <input id="exp-name" name="name" required minLength={3} maxLength={48} pattern={NAME_PATTERN} autoComplete="off" aria-describedby="exp-name-hint" />
            <span className="c-hint" id="exp-name-hint">
              3 to 48 lower-case letters, digits and _ (e.g. welcome_copy). It cannot be changed later.
            </span>
          </div>
          <label className="c-field" style={{ flex: "1 1 16rem" }}>
            Description
            <input name="description" maxLength={500} />
          </label>
        </div>
        <fieldset className="c-fieldset">
          <legend>Variants and weights</legend>
          <p className="c-hint" id="exp-weights-hint">
            Whole-number weights: a variant of weight 3 beside a control of weight 1 gets three members in four. Leave a
            row empty to skip it.
          </p>
          <div className="c-form-row">
            <label className="c-field">
              Control (name)
              <input name="control" required defaultValue="control" pattern={VARIANT_PATTERN} maxLength={32} size={14} />
            </label>
            <label className="c-field">
              Control weight
              <input name="control_weight" required type="number" min={0} max={MAX_WEIGHT} step={1} style={{ width: "5.5rem" }} defaultValue={1} inputMode="numeric" aria-describedby="exp-weights-hint" />
            </label>
          </div>
          {Array.from({ length: FORM_VARIANT_ROWS }, (_, i) => (
            <div className="c-form-row" key={i}>
              <label className="c-field">
                Variant {i + 1} (name)
                <input name={`variant_name_${i + 1}`} required={i === 0} pattern={VARIANT_PATTERN} maxLength={32} size={14} autoComplete="off" />
              </label>
              <label className="c-field">
                Variant {i + 1} weight
                <input name={`variant_weight_${i + 1}`} type="number" min={0} max={MAX_WEIGHT} step={1} style={{ width: "5.5rem" }} defaultValue={i === 0 ? 1 : undefined} inputMode="numeric" />
              </label>
            </div>
          ))}
        </fieldset>
        <p className="c-hint" style={{ margin: 0 }}>
          Signed-out visitors are not drawn into any experiment yet (the shop has no visitor id of its own): they see
          the control, so a visitors-only experiment draws nobody for now.
        </p>
        <div className="c-form-row">
          <TrafficField defaultValue={100} />
          <AudienceField audiences={audiences} defaultValue="members" />
          <div className="c-field">
            <label htmlFor="exp-goal">Goal event</label>
            <select id="exp-goal" name="goalEvent" aria-describedby="exp-goal-hint">
              {goals.map((g) => (
                <option key={g} value={g}>
                  {g}
                </option>
              ))}
            </select>
            <span className="c-hint" id="exp-goal-hint">
              Counted from the shop&apos;s own records: a checkout order after the member first saw a variant.
            </span>
          </div>
        </div>
        <div>
          <SubmitButton>Create experiment (stopped)</SubmitButton>
        </div>
      </Form>
    </details>
  );
}
