import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarGroup } from "@visx/shape";

/**
 * The dashboard's charts: visx (Airbnb's React SVG primitives over d3-scale) renders them on the server like any other
 * markup, so a chart costs no client code of its own, and only console routes import this file (ADR 0024 keeps it out
 * of shop bundles; tests/e2e/console.spec.ts checks). Each chart is a figure with a text summary for screen readers
 * and its figures in a table under "Show the figures".
 */
export interface Series {
  name: string;
  /** A CSS colour with at least 3:1 contrast against white. */
  color: string;
  values: number[];
}

const W = 720;
const H = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };
const INK = "#4d5a52";
const TICK_LABEL = { fontSize: 11, fill: INK, fontFamily: "inherit" } as const;

type Row = { day: string } & Record<string, number | string>;

export function BarChart({
  id,
  title,
  summary,
  days,
  series,
  format = String,
}: {
  id: string;
  title: string;
  summary: string;
  days: string[];
  series: Series[];
  format?: (n: number) => string;
}) {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const rows: Row[] = days.map((day, i) => ({
    day,
    ...Object.fromEntries(series.map((s) => [s.name, s.values[i] ?? 0])),
  }));
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = scaleBand({ domain: days, range: [0, plotW], padding: 0.2 });
  const inner = scaleBand({
    domain: series.map((s) => s.name),
    range: [0, x.bandwidth()],
  });
  const y = scaleLinear({ domain: [0, max], range: [plotH, 0], nice: true });
  // The top of the (nice) scale is always labelled; its half only when it is a value the data could have (no "0.5 orders").
  const top = y.domain()[1]!;
  const whole = series.every((s) => s.values.every(Number.isInteger));
  const ticks = [0, top / 2, top].filter((v) => !whole || Number.isInteger(v));
  const colour = (name: string) => series.find((s) => s.name === name)?.color ?? INK;
  const labelEvery = Math.ceil(days.length / 6);
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
            <GridRows scale={y} width={plotW} tickValues={ticks} stroke="#d9d4c8" />
            <BarGroup data={rows} keys={series.map((s) => s.name)} height={plotH} x0={(r) => r.day} x0Scale={x} x1Scale={inner} yScale={y} color={colour}>
              {(groups) =>
                groups.map((group) => (
                  <Group key={group.index} left={group.x0}>
                    {group.bars.map((bar) =>
                      bar.value > 0 ? <rect key={bar.key} x={bar.x} y={bar.y} width={Math.max(1, bar.width)} height={bar.height} fill={bar.color} /> : null,
                    )}
                  </Group>
                ))
              }
            </BarGroup>
            <AxisLeft
              scale={y}
              tickValues={ticks}
              tickFormat={(v) => format(Number(v))}
              hideAxisLine
              hideTicks
              tickLabelProps={() => ({
                ...TICK_LABEL,
                textAnchor: "end",
                dx: -4,
                dy: 4,
              })}
            />
            <AxisBottom
              top={plotH}
              scale={x}
              tickValues={days.filter((_, i) => i % labelEvery === 0)}
              tickFormat={(day) => String(day).slice(5)}
              hideTicks
              stroke="#d9d4c8"
              tickLabelProps={() => ({ ...TICK_LABEL, textAnchor: "middle" })}
            />
          </Group>
        </svg>
      </div>
      {series.length > 1 ? (
        <ul className="c-legend" aria-label="Legend">
          {series.map((s) => (
            <li key={s.name}>
              <span className="c-swatch" style={{ background: s.color }} aria-hidden="true" /> {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details>
        <summary>Show the figures</summary>
        <div className="c-table-wrap" tabIndex={0} role="region" aria-label={`${title}: figures`}>
          <table className="c-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                {series.map((s) => (
                  <th key={s.name} scope="col" className="c-num">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, i) => (
                <tr key={day}>
                  <td>{day}</td>
                  {series.map((s) => (
                    <td key={s.name} className="c-num">
                      {format(s.values[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
