// Reads a V8 .cpuprofile (node --cpu-prof) into per-order figures: self time by package and by function, and the
// inclusive time of the functions that matter most, so that two profiles can be compared as text in
// docs/benchmarks.md. A function's inclusive time counts each sample once however deep it recurses.

/** Where a function's code lives: a package, the shop's bundle, node itself, or V8's own entries. */
export function placeOf(url) {
  if (!url) return "(v8)";
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (url.startsWith("node:")) return "node";
  if (url.includes("/build/node/")) return "shop";
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}

function frameName(node) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${placeOf(url)}:${lineNumber + 1}` : "";
  return `${functionName || "(anonymous)"} ${where}`.trim();
}

export function summariseProfile(profile, { orders, top = 40 }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map(); // node id -> µs
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

  const selfByPlace = new Map();
  const selfByFunction = new Map();
  const inclusive = new Map();
  let busy = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    const fn = node.callFrame.functionName;
    if (fn === "(idle)") continue;
    busy += us;
    const place = fn === "(garbage collector)" || fn === "(program)" ? fn : placeOf(node.callFrame.url);
    selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + us);
    selfByFunction.set(frameName(node), (selfByFunction.get(frameName(node)) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at));
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  const perOrder = (us) => (us / 1000 / orders).toFixed(3).padStart(7);
  const table = (title, map, n) =>
    [`${title} (ms per order)`, ...[...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `${perOrder(us)}  ${k}`)].join("\n");
  return [
    `busy CPU of the main thread: ${perOrder(busy).trim()} ms per order over ${orders} orders`,
    table("self time by place", selfByPlace, 25),
    table("self time by function", selfByFunction, top),
    table("inclusive time by function", inclusive, top),
  ].join("\n\n");
}
