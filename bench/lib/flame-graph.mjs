// A flame graph of a V8 .cpuprofile as one SVG file, so that docs/benchmarks.md can show where an order's time goes
// without a viewer (issue 27). Each box is a function in a call path; its width is the time spent in it and in what it
// called; callers below, callees above. Boxes are coloured by where the code lives (the shop, a package, node), and
// hovering one shows its time per order. Idle time is left out; boxes narrower than two pixels (a sixth of a percent) are dropped.
import { placeOf } from "./profile-summary.mjs";

const WIDTH = 1200;
const ROW = 16;
const FONT = 11;

/** Colours by place: ours green, the database driver blue, the query builder orange, the framework purple. */
const COLOURS = [
  [/^shop$/, "#4caf50"],
  [/^(pg|pg-pool|pg-protocol|pg-types)$/, "#42a5f5"],
  [/^drizzle-orm$/, "#ffa726"],
  [/hono/, "#ab47bc"],
  [/pglite|^wasm\//, "#ef5350"],
  [/^node$/, "#9e9e9e"],
  [/zod/, "#8d6e63"],
  [/^\(/, "#fdd835"],
];

function colourOf(place) {
  return COLOURS.find(([pattern]) => pattern.test(place))?.[1] ?? "#bdbdbd";
}

const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The call tree with each node's own and total time (µs), idle left out. */
function timedTree(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, { node: n, self: 0, total: 0, children: [] }]));
  profile.samples.forEach((id, i) => (byId.get(id).self += profile.timeDeltas[i] ?? 0));
  for (const entry of byId.values()) entry.children = (entry.node.children ?? []).map((id) => byId.get(id));
  const total = (entry) => (entry.total = entry.node.callFrame.functionName === "(idle)" ? 0 : entry.self + entry.children.reduce((sum, c) => sum + total(c), 0));
  const root = byId.get(profile.nodes[0].id);
  total(root);
  return root;
}

/**
 * The SVG text. `orders` turns time into milliseconds per order in the tooltips; `title` heads the graph.
 */
export function flameGraphSvg(profile, { title, orders }) {
  const root = timedTree(profile);
  const scale = WIDTH / root.total;
  const boxes = [];
  let depth = 0;
  const place = (entry, x, level) => {
    const width = entry.total * scale;
    if (width < 2) return;
    depth = Math.max(depth, level);
    const { functionName, url, lineNumber } = entry.node.callFrame;
    const where = functionName.startsWith("(") ? functionName : placeOf(url);
    const name = level === 0 ? "all" : `${functionName || "(anonymous)"}${url ? ` ${where}:${lineNumber + 1}` : ""}`;
    boxes.push({ x, level, width, name, colour: level === 0 ? "#e0e0e0" : colourOf(where), ms: entry.total / 1000 / orders });
    let at = x;
    for (const child of [...entry.children].sort((a, b) => b.total - a.total)) {
      place(child, at, level + 1);
      at += child.total * scale;
    }
  };
  place(root, 0, 0);
  const height = (depth + 1) * ROW + 40;
  const rects = boxes.map(({ x, level, width, name, colour, ms }) => {
    const y = height - (level + 1) * ROW;
    const label = width > 40 ? `<text x="${(x + 3).toFixed(1)}" y="${y + ROW - 4}">${escape(name.slice(0, Math.floor(width / 6.5)))}</text>` : "";
    return `<g><title>${escape(name)}: ${ms.toFixed(3)} ms per order</title><rect x="${x.toFixed(1)}" y="${y}" width="${width.toFixed(1)}" height="${ROW - 1}" fill="${colour}"/>${label}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="monospace" font-size="${FONT}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="4" y="16" font-size="13">${escape(title)}: ${(root.total / 1000 / orders).toFixed(2)} ms of the main thread per order (hover a box for its time)</text>`,
    ...rects,
    `</svg>`,
  ].join("\n");
}
