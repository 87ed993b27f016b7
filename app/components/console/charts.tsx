/**
 * The dashboard's charts, drawn as SVG on the server (no chart library: nothing to download, and nothing that could
 * reach a shop page; ADR 0024). Each chart is a figure with a text summary for screen readers and its figures in a
 * table under "Show the figures".
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

function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function BarChart({ id, title, summary, days, series, format = String }: { id: string; title: string; summary: string; days: string[]; series: Series[]; format?: (n: number) => string }) {
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(days.length, 1);
  const barW = Math.max(1, (slot * 0.8) / series.length);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const labelEvery = Math.ceil(days.length / 6);
  return (
    <figure className="c-card c-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="c-chart-title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-labelledby={`${id}-svg-title ${id}-desc`} preserveAspectRatio="xMidYMid meet">
        <title id={`${id}-svg-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(max * f)} y2={y(max * f)} stroke="#d9d4c8" />
            <text x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11" fill="#4d5a52">
              {format(max * f)}
            </text>
          </g>
        ))}
        {days.map((day, i) => (
          <g key={day}>
            {series.map((s, j) => {
              const v = s.values[i] ?? 0;
              return v > 0 ? <rect key={s.name} x={PAD.left + i * slot + slot * 0.1 + j * barW} y={y(v)} width={barW} height={PAD.top + plotH - y(v)} fill={s.color} /> : null;
            })}
            {i % labelEvery === 0 ? (
              <text x={PAD.left + i * slot + slot / 2} y={H - 8} textAnchor="middle" fontSize="11" fill="#4d5a52">
                {day.slice(5)}
              </text>
            ) : null}
          </g>
        ))}
      </svg>
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
