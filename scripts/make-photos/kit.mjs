/**
 * The drawing kit every scene shares: a scene context that collects <defs> under unique ids, seeded randomness (so a
 * re-run writes the same bytes), blur and gloss filters, paper/linen/stone textures and soft shadows.
 */

/** mulberry32: a tiny seeded generator; the same seed always draws the same scene. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, range: (lo, hi) => lo + (hi - lo) * next(), pick: (list) => list[Math.floor(next() * list.length)] };
}

export function seedOf(text) {
  let h = 2166136261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

const r = (n) => Math.round(n * 100) / 100;
export { r as round };

/** A scene under construction: its size, its defs and an id counter. */
export function scene(width, height, name) {
  const defs = [];
  let n = 0;
  const cache = new Map();
  const ctx = {
    width,
    height,
    random: rng(seedOf(name)),
    uid: (prefix) => `${prefix}${++n}`,
    def: (markup) => defs.push(markup),
    /** A def made once per key (shared gradients and filters). */
    once(key, make) {
      if (!cache.has(key)) {
        const id = ctx.uid("d");
        ctx.def(make(id));
        cache.set(key, id);
      }
      return cache.get(key);
    },
    toSvg: (body) =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join("")}</defs>${body}</svg>`,
  };
  return ctx;
}

/** A Gaussian blur filter of this deviation (the region is widened so a blurred edge is not cut). */
export function blur(ctx, sd) {
  return ctx.once(`blur${sd}`, (id) => `<filter id="${id}" x="-60%" y="-60%" width="220%" height="220%" color-interpolation-filters="sRGB"><feGaussianBlur stdDeviation="${sd}"/></filter>`);
}

/** Wraps markup in a blur (depth of field, soft light). */
export function blurred(ctx, sd, markup) {
  return sd > 0.2 ? `<g filter="url(#${blur(ctx, r(sd))})">${markup}</g>` : markup;
}

/**
 * Gloss: the shape's own alpha, blurred, becomes a height map lit by a point light (feSpecularLighting), and the
 * light is added back on top, so rounded things (capsules, caps) catch a highlight where a real one would.
 */
export function gloss(ctx, { x = -2000, y = -3000, z = 900, sd = 8, exponent = 22, strength = 0.55 } = {}) {
  return ctx.once(`gloss${x},${y},${z},${sd},${exponent},${strength}`, (id) =>
    `<filter id="${id}" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB">` +
    `<feGaussianBlur in="SourceAlpha" stdDeviation="${sd}" result="b"/>` +
    `<feSpecularLighting in="b" surfaceScale="6" specularConstant="${strength}" specularExponent="${exponent}" lighting-color="#fff" result="s"><fePointLight x="${x}" y="${y}" z="${z}"/></feSpecularLighting>` +
    `<feComposite in="s" in2="SourceAlpha" operator="in" result="si"/>` +
    `<feComposite in="SourceGraphic" in2="si" operator="arithmetic" k1="0" k2="1" k3="1" k4="0"/></filter>`,
  );
}

/** Fine grain over a whole area, as film or a camera sensor would add (kept faint: grain costs bytes). */
export function grain(ctx, { opacity = 0.05, freq = 0.9, seed = 3 } = {}) {
  const id = ctx.once(`grain${freq},${seed}`, (fid) =>
    `<filter id="${fid}" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${freq}" numOctaves="2" seed="${seed}" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/></filter>`,
  );
  return `<rect width="${ctx.width}" height="${ctx.height}" filter="url(#${id})" opacity="${opacity}" style="mix-blend-mode:multiply"/>`;
}

/** A texture filter: woven linen (stretched noise both ways) or paper, tinted by the shape it is applied to. */
export function texture(ctx, kind, seed = 7) {
  return ctx.once(`tex-${kind}-${seed}`, (id) => {
    if (kind === "linen") {
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
        `<feTurbulence type="fractalNoise" baseFrequency="0.9 0.018" numOctaves="2" seed="${seed}" result="a"/>` +
        `<feTurbulence type="fractalNoise" baseFrequency="0.018 0.9" numOctaves="2" seed="${seed + 1}" result="b"/>` +
        `<feComposite in="a" in2="b" operator="arithmetic" k2="0.5" k3="0.5" result="w"/>` +
        `<feColorMatrix in="w" type="matrix" values="0 0 0 0 0.2  0 0 0 0 0.16  0 0 0 0 0.1  0 0 0 -0.55 0.34" result="shade"/>` +
        `<feComposite in="shade" in2="SourceGraphic" operator="atop"/></filter>`;
    }
    if (kind === "stone") {
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
        `<feTurbulence type="fractalNoise" baseFrequency="0.0025 0.008" numOctaves="3" seed="${seed}" result="n"/>` +
        `<feColorMatrix in="n" type="matrix" values="0 0 0 0 0.3  0 0 0 0 0.27  0 0 0 0 0.22  0 0 0 -0.45 0.27" result="shade"/>` +
        `<feComposite in="shade" in2="SourceGraphic" operator="atop"/></filter>`;
    }
    if (kind === "wood") {
      return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
        `<feTurbulence type="fractalNoise" baseFrequency="0.002 0.09" numOctaves="3" seed="${seed}" result="n"/>` +
        `<feColorMatrix in="n" type="matrix" values="0 0 0 0 0.25  0 0 0 0 0.14  0 0 0 0 0.05  0 0 0 -1.2 0.72" result="shade"/>` +
        `<feComposite in="shade" in2="SourceGraphic" operator="atop"/></filter>`;
    }
    // paper: soft fibres
    return `<filter id="${id}" x="0" y="0" width="100%" height="100%" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="0.45" numOctaves="2" seed="${seed}" result="n"/>` +
      `<feColorMatrix in="n" type="matrix" values="0 0 0 0 0.3  0 0 0 0 0.25  0 0 0 0 0.18  0 0 0 -0.22 0.13" result="shade"/>` +
      `<feComposite in="shade" in2="SourceGraphic" operator="atop"/></filter>`;
  });
}

export function linear(ctx, stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, units } = {}) {
  const key = `lin${JSON.stringify([stops, x1, y1, x2, y2, units])}`;
  return ctx.once(key, (id) =>
    `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"${units ? ` gradientUnits="${units}"` : ""}>${stopsOf(stops)}</linearGradient>`,
  );
}

export function radial(ctx, stops, { cx = 0.5, cy = 0.5, r: rad = 0.5, fx, fy, units } = {}) {
  const key = `rad${JSON.stringify([stops, cx, cy, rad, fx, fy, units])}`;
  return ctx.once(key, (id) =>
    `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${rad}"${fx !== undefined ? ` fx="${fx}" fy="${fy}"` : ""}${units ? ` gradientUnits="${units}"` : ""}>${stopsOf(stops)}</radialGradient>`,
  );
}

/** Stops as [offset, color, opacity?]. */
function stopsOf(stops) {
  return stops.map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}"${a !== 1 ? ` stop-opacity="${a}"` : ""}/>`).join("");
}

/** A soft contact shadow under an object standing at (x, y): a dark core and a wide penumbra. */
export function groundShadow(ctx, x, y, w, { strength = 1, spread = 1 } = {}) {
  return (
    blurred(ctx, 26 * spread, `<ellipse cx="${r(x)}" cy="${r(y + 6)}" rx="${r(w * 0.62 * spread)}" ry="${r(w * 0.09 * spread)}" fill="#1d1a14" opacity="${r(0.28 * strength)}"/>`) +
    blurred(ctx, 5, `<ellipse cx="${r(x)}" cy="${r(y)}" rx="${r(w * 0.47)}" ry="${r(w * 0.028)}" fill="#1d1a14" opacity="${r(0.55 * strength)}"/>`)
  );
}

/** A long window-light shadow cast from an object's footprint away from the light (dx, dy per unit height). */
export function castShadow(ctx, x, y, w, h, { dx = 0.9, dy = -0.12, opacity = 0.2, sd = 22 } = {}) {
  const p = [
    [x - w / 2, y],
    [x + w / 2, y],
    [x + w / 2 + h * dx, y + h * dy],
    [x - w / 2 + h * dx, y + h * dy - w * 0.05],
  ];
  return blurred(ctx, sd, `<polygon points="${p.map(([a, b]) => `${r(a)},${r(b)}`).join(" ")}" fill="#2a2217" opacity="${opacity}"/>`);
}

/** A vertical fade mask (opaque at the top of the box, clear at the bottom), for reflections. */
export function fadeMask(ctx, x, y, w, h, from = 0.3) {
  const g = linear(ctx, [[0, "#fff", from], [1, "#fff", 0]], { x1: 0, y1: y, x2: 0, y2: y + h, units: "userSpaceOnUse" });
  const id = ctx.uid("m");
  ctx.def(`<mask id="${id}" maskUnits="userSpaceOnUse" x="${x}" y="${y}" width="${w}" height="${h}"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${g})"/></mask>`);
  return id;
}

/** Mixes two #rrggbb colours: t=0 gives a, t=1 gives b. */
export function mix(a, b, t) {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + (pb[i] - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

/** The brand palette (app/styles: forest, sage, mint, cream, sand) plus each product line's own colours. */
export const PALETTE = {
  forest: "#1f3b2d",
  forestDeep: "#16291f",
  sage: "#6f8f72",
  mint: "#dde8d6",
  cream: "#f6f3ec",
  paper: "#fffdf8",
  sand: "#e6dfd1",
  clay: "#c9826b",
  ochre: "#d9a54e",
  ink: "#1b1b1b",
};

export const LINES = {
  ds01: { name: "DS-01®", full: "Daily Synbiotic", cap: "#1f3b2d", glass: "#cfe0d2", shell: "#a8cd9f", inner: "#3f7049", pouch: "#a9bfa6", backdrop: "#e9efe5", accent: "#6f8f72" },
  vs01: { name: "VS-01™", full: "Vaginal Synbiotic", cap: "#7a2e3b", glass: "#f0d9d9", shell: "#efc9cc", inner: "#b85a6a", pouch: "#dcb0b4", backdrop: "#f5e9e6", accent: "#b06070" },
  pds08: { name: "PDS-08®", full: "Pediatric Daily Synbiotic", cap: "#8a5a1c", glass: "#f3e3c8", shell: "#f1d7a8", inner: "#c98a35", pouch: "#e6c48f", backdrop: "#f7eedf", accent: "#c98a35" },
  reset: { name: "Gut Reset", full: "14-day kit", cap: "#2c4a66", glass: "#dbe6f0", shell: "#d3e1ee", inner: "#5d7fa3", pouch: "#b9cbe0", backdrop: "#e9eef3", accent: "#5d7fa3" },
};
