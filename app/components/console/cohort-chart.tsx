import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleLinear } from "@visx/scale";
import { LinePath } from "@visx/shape";

/**
 * Retention by monthly cohort as lines (one per cohort, share still subscribed by months since its first order), drawn
 * by visx on the server like the dashboard's bar charts (charts.tsx). The figures themselves are in the cohort table
 * beside it, so the SVG carries a summary for screen readers and no table of its own.
 */
export interface CohortLine {
  cohort: string;
  rates: number[];
}

const W = 720;
const H = 240;
const PAD = { top: 12, right: 16, bottom: 32, left: 48 };
const INK = "#4d5a52";
const TICK_LABEL = { fontSize: 11, fill: INK, fontFamily: "inherit" } as const;
/** Distinct, each at least 3:1 against white; the newest cohorts get the first ones. */
const COLOURS = ["#1f3b2d", "#3d5a80", "#8a4b00", "#b3261e", "#6b4c9a", "#2b6a3f", "#7a5c00", "#005f73", "#9b2c5e", "#4d5a52", "#5c4033", "#1b4965"];

export function CohortChart({ id, title, summary, cohorts }: { id: string; title: string; summary: string; cohorts: CohortLine[] }) {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const months = Math.max(1, ...cohorts.map((c) => c.rates.length));
  const x = scaleLinear({ domain: [0, Math.max(1, months - 1)], range: [0, plotW] });
  const y = scaleLinear({ domain: [0, 1], range: [plotH, 0] });
  const shown = cohorts.slice(-COLOURS.length);
  const colour = (i: number) => COLOURS[(shown.length - 1 - i) % COLOURS.length]!;
  return (
    <figure className="c-card c-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="c-chart-title">
        {title}
      </figcaption>
      <div className="c-chart-scroll" tabIndex={0} role="group" aria-label={`${title}: chart, scrolls sideways on a small screen`}>
        <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${id}-svg-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
          <title id={`${id}-svg-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <Group left={PAD.left} top={PAD.top}>
            <GridRows scale={y} width={plotW} tickValues={[0, 0.25, 0.5, 0.75, 1]} stroke="#d9d4c8" />
            {shown.map((c, i) => (
              <Group key={c.cohort}>
                <LinePath data={c.rates.map((rate, k) => ({ k, rate }))} x={(d) => x(d.k)} y={(d) => y(d.rate)} stroke={colour(i)} strokeWidth={2} />
                {c.rates.map((rate, k) => (
                  <circle key={k} cx={x(k)} cy={y(rate)} r={3} fill={colour(i)} />
                ))}
              </Group>
            ))}
            <AxisLeft scale={y} tickValues={[0, 0.5, 1]} tickFormat={(v) => `${Math.round(Number(v) * 100)}%`} hideAxisLine hideTicks tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: "end", dx: -4, dy: 4 })} />
            <AxisBottom
              top={plotH}
              scale={x}
              tickValues={Array.from({ length: months }, (_, k) => k).filter((k) => k % Math.ceil(months / 12) === 0)}
              tickFormat={(k) => `M${Number(k)}`}
              hideTicks
              stroke="#d9d4c8"
              tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: "middle" })}
            />
          </Group>
        </svg>
      </div>
      <ul className="c-legend c-legend--wrap" aria-label="Legend">
        {shown.map((c, i) => (
          <li key={c.cohort}>
            <span className="c-swatch" style={{ background: colour(i) }} aria-hidden="true" /> {c.cohort}
          </li>
        ))}
      </ul>
    </figure>
  );
}
