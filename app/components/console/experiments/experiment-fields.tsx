import { AUDIENCE_LABELS } from "../../../../domain/console-experiments";
import type { ExperimentAudience } from "../../../../domain/experiments";

/** The traffic share field of the create and change forms. */
export function TrafficField({ defaultValue }: { defaultValue: number }) {
  return (
    <label className="c-field">
      Share of traffic (%)
      <input name="trafficPercent" required type="number" min={0} max={100} step={1} defaultValue={defaultValue} inputMode="numeric" />
    </label>
  );
}

/** The audience choice of the create and change forms. */
export function AudienceField({ audiences, defaultValue }: { audiences: readonly ExperimentAudience[]; defaultValue: ExperimentAudience }) {
  return (
    <label className="c-field">
      Audience
      <select name="audience" defaultValue={defaultValue}>
        {audiences.map((a) => (
          <option key={a} value={a}>
            {AUDIENCE_LABELS[a]}
          </option>
        ))}
      </select>
    </label>
  );
}
