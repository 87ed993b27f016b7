/**
 * The catalogue's packs (content/catalog.json) and their three pictures each: the pack as sold in the studio, the
 * contents close up, and the pack in a setting. Each picture carries its own alt text, written for what it shows.
 */
import { LINES, PALETTE, blurred, castShadow, fadeMask, groundShadow, mix, round as r, scene } from "./kit.mjs";
import { carton, glassOfWater, jar, leaf, linen, lyingCapsule, pouch, powder, sachet, spoon, sprig } from "./objects.mjs";
import { finish, room, studio } from "./environments.mjs";

const W = 1600;
const H = 2000;

/** What each pack is, and how it is drawn standing at (x, y) at a scale. */
export const PACKS = [
  {
    key: "ds01-jar",
    line: { ...LINES.ds01 },
    draw: (ctx, line, s) => jar(ctx, line, { w: 520 * s, h: 680 * s }),
    width: 520,
    alt: {
      pack: "The DS-01 Daily Synbiotic starter jar: clear green-tinted glass with a forest-green cap, filled with two-piece capsules, on a pale sage studio backdrop.",
      contents: "DS-01 capsules close up on linen: each clear green outer capsule shows the darker inner capsule nested inside it.",
      setting: "The DS-01 glass jar on a stone kitchen counter in morning window light, beside a glass of water, a folded linen cloth and a green leaf.",
    },
  },
  {
    key: "ds01-refill",
    line: { ...LINES.ds01 },
    draw: (ctx, line, s) => pouch(ctx, line, { w: 560 * s, h: 760 * s }),
    width: 560,
    alt: {
      pack: "The DS-01 refill: a sage-green home-compostable pouch holding a month of capsules, standing on a pale studio backdrop.",
      contents: "A month of DS-01 capsules spilling out of the open refill pouch onto a linen cloth.",
      setting: "The DS-01 refill pouch standing behind the glass jar on a kitchen counter in morning light, ready to top the jar up.",
    },
  },
  {
    key: "ds01-duo",
    line: { ...LINES.ds01 },
    draw: (ctx, line, s) => `<g transform="translate(${r(-190 * s)} ${r(-40 * s)})">${jar(ctx, line, { w: 440 * s, h: 580 * s, seed: 7 })}</g><g transform="translate(${r(200 * s)} 0)">${jar(ctx, line, { w: 440 * s, h: 580 * s, seed: 31 })}</g>`,
    width: 860,
    alt: {
      pack: "DS-01 Duo: two green-tinted DS-01 glass jars side by side on a pale sage studio backdrop, one for each person.",
      contents: "Two small linen-lined dishes of DS-01 capsules, a morning's two capsules for each of two people.",
      setting: "Two DS-01 jars on a bathroom shelf in soft window light, each beside its own glass of water.",
    },
  },
  {
    key: "vs01-jar",
    line: { ...LINES.vs01, jarNote: "Probiotic + Prebiotic" },
    draw: (ctx, line, s) => jar(ctx, line, { w: 520 * s, h: 680 * s, seed: 11 }),
    width: 520,
    alt: {
      pack: "The VS-01 Vaginal Synbiotic starter jar: rose-tinted glass with a deep berry cap, filled with capsules, on a blush studio backdrop.",
      contents: "VS-01 capsules close up: pale rose outer capsules with the deeper rose inner capsule visible inside each.",
      setting: "The VS-01 glass jar on a bathroom shelf in morning light, with a folded linen towel, a glass of water and a eucalyptus sprig.",
    },
  },
  {
    key: "vs01-refill",
    line: { ...LINES.vs01 },
    draw: (ctx, line, s) => pouch(ctx, line, { w: 560 * s, h: 760 * s, note: "Refill · 30 capsules" }),
    width: 560,
    alt: {
      pack: "The VS-01 refill: a dusty-rose home-compostable pouch of capsules standing on a blush studio backdrop.",
      contents: "VS-01 capsules tumbling from the open rose refill pouch onto linen, with the inner capsules showing through.",
      setting: "The VS-01 refill pouch beside its glass jar on a bathroom shelf, lit by morning sun through a window.",
    },
  },
  {
    key: "pds08-jar",
    line: { ...LINES.pds08, jarNote: "For kids and teens 3–17" },
    draw: (ctx, line, s) => jar(ctx, line, { w: 540 * s, h: 680 * s, contents: "sachets" }),
    width: 540,
    alt: {
      pack: "The PDS-08 Pediatric Daily Synbiotic starter jar: warm amber-tinted glass with a caramel cap, holding upright single-serve sachets, on a cream backdrop.",
      contents: "An opened PDS-08 sachet with its fine cream-coloured powder poured into a small mound beside a wooden spoon.",
      setting: "The PDS-08 jar on a wooden breakfast counter in morning light, a sachet being stirred into a child's cup of yoghurt.",
    },
  },
  {
    key: "pds08-refill",
    line: { ...LINES.pds08 },
    draw: (ctx, line, s) => pouch(ctx, line, { w: 560 * s, h: 760 * s, note: "Refill · 30 sachets" }),
    width: 560,
    alt: {
      pack: "The PDS-08 refill: an amber home-compostable pouch holding a month of single-serve powder sachets, on a cream backdrop.",
      contents: "A fan of PDS-08 stick sachets spilling from the open amber refill pouch.",
      setting: "The PDS-08 refill pouch on a wooden kitchen counter with a few sachets, a child's cup and morning light on the wall.",
    },
  },
  {
    key: "gut-reset",
    line: { ...LINES.reset },
    draw: (ctx, line, s) => carton(ctx, line, { w: 560 * s, h: 720 * s, depth: 190 * s }),
    width: 750,
    alt: {
      pack: "The Gut Reset 14-day kit: a pale blue carton printed with fourteen day circles, on a soft blue-grey studio backdrop.",
      contents: "Gut Reset capsules in a clear blister card, two a day for fourteen days, three days already pressed out.",
      setting: "The Gut Reset carton on a bedside table in morning light, with a glass of water and a notebook counting the fourteen days.",
    },
  },
];

/** The pack as sold: centred on a seamless studio sweep in the line's colour, with its shadow and a faint reflection. */
export function packShot(pack) {
  const ctx = scene(W, H, `${pack.key}-pack`);
  const floorY = 1420;
  const baseY = 1640;
  const s = pack.key === "ds01-duo" ? 1.3 : pack.key === "gut-reset" ? 1.2 : pack.key.endsWith("refill") ? 1.45 : 1.55;
  const object = pack.draw(ctx, pack.line, s);
  const id = ctx.uid("obj");
  ctx.def(`<g id="${id}">${object}</g>`);
  const mask = fadeMask(ctx, 0, baseY, W, 360, 0.22);
  const span = pack.width * s;
  return {
    ctx,
    svg: ctx.toSvg(
      studio(ctx, pack.line.backdrop, floorY) +
        `<g mask="url(#${mask})"><use xlink:href="#${id}" transform="translate(${W / 2} ${baseY}) scale(1 -1)"/></g>` +
        groundShadow(ctx, W / 2, baseY, span, { strength: 0.9 }) +
        `<use xlink:href="#${id}" transform="translate(${W / 2} ${baseY})"/>` +
        finish(ctx, 0.035),
    ),
  };
}

/** The contents close up: a shallow depth of field over capsules (or powder, sachets, a blister card) on linen. */
export function contentsShot(pack) {
  const ctx = scene(W, H, `${pack.key}-contents`);
  const rnd = ctx.random;
  const line = pack.line;
  const cloth = linen(ctx, [[-50, -50], [W + 50, -50], [W + 50, H + 50], [-50, H + 50]], { color: mix(line.backdrop, "#f3ede1", 0.55), folds: [[-50, 520, W + 50, 380], [300, H + 50, 1300, -50]] });
  const light = `<rect width="${W}" height="${H}" fill="url(#${radialLight(ctx)})"/>`;
  let body = "";
  if (pack.key === "pds08-jar") body = powderScene(ctx, line);
  else if (pack.key === "pds08-refill") body = sachetFan(ctx, line);
  else if (pack.key === "gut-reset") body = blisterCard(ctx, line);
  else body = capsuleField(ctx, line, pack.key, rnd);
  return { ctx, svg: ctx.toSvg(cloth + light + body + warmth(ctx) + vignette(ctx) + finish(ctx, 0.03)) };
}

function radialLight(ctx) {
  return ctx.once("contentsLight", (id) => `<radialGradient id="${id}" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#3a2a18" stop-opacity=".1"/></radialGradient>`);
}

function vignette(ctx) {
  const id = ctx.once("vig", (vid) => `<radialGradient id="${vid}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></radialGradient>`);
  return `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${id})"/>`;
}

/**
 * Capsules scattered over the frame; the focal plane runs through the middle, so capsules above and below it are
 * drawn smaller-or-larger and blurred in proportion to their distance from it (depth of field).
 */
function capsuleField(ctx, line, key, rnd) {
  const items = [];
  const focusY = key.endsWith("refill") ? 1250 : 1050;
  const count = key === "ds01-duo" ? 0 : 20;
  for (let i = 0; i < count; i++) {
    const y = rnd.range(-80, H + 80);
    const x = rnd.range(-60, W + 60);
    const depth = (y - focusY) / H;
    const length = 300 + depth * 260;
    items.push({ y, markup: lyingCapsule(ctx, line, x, y, rnd.range(-80, 80), { length, focus: Math.min(22, Math.abs(depth) * 34) }) });
  }
  if (key.endsWith("refill")) items.push({ y: 700, markup: `<g transform="translate(560 880) rotate(-62)">${blurred(ctx, 6, pouch(ctx, line, { w: 700, h: 900 }))}</g>` });
  if (key === "ds01-duo") {
    for (const [cx, cy] of [[520, 820], [1100, 1240]]) {
      items.push({ y: cy - 10, markup: dish(ctx, cx, cy, line, rnd) });
    }
  }
  // the hero: two large capsules right in the focal plane
  items.push({ y: focusY, markup: lyingCapsule(ctx, line, W * 0.45, focusY, -18, { length: 620, shadow: 0.4 }) });
  items.push({ y: focusY + 60, markup: lyingCapsule(ctx, line, W * 0.62, focusY + 260, 24, { length: 560, shadow: 0.4 }) });
  return items.sort((a, b) => a.y - b.y).map((i) => i.markup).join("");
}

function dish(ctx, cx, cy, line, rnd) {
  const rad = 300;
  const caps = Array.from({ length: 2 }, (_, i) => lyingCapsule(ctx, line, cx - 70 + i * 150, cy - 10 + i * 30, rnd.range(-40, 40), { length: 300 })).join("");
  return blurred(ctx, 30, `<ellipse cx="${cx + 30}" cy="${cy + 40}" rx="${rad + 10}" ry="${rad * 0.92}" fill="#2a2217" opacity=".25"/>`) +
    `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${PALETTE.paper}"/><circle cx="${cx}" cy="${cy}" r="${rad * 0.8}" fill="${mix(PALETTE.paper, "#000000", 0.05)}"/>` +
    blurred(ctx, 8, `<path d="M${cx - rad * 0.75} ${cy - rad * 0.4} A${rad * 0.85} ${rad * 0.85} 0 0 1 ${cx + rad * 0.2} ${cy - rad * 0.82}" stroke="#fff" stroke-width="16" fill="none" opacity=".8"/>`) + caps;
}

function powderScene(ctx, line) {
  return `<g transform="translate(820 1180)">${powder(ctx, { w: 760, h: 230, color: "#f3e5c6" })}</g>` +
    `<g transform="translate(980 1520) rotate(-14)">${spoon(ctx, { len: 900 })}</g>` +
    `<g transform="translate(430 760) rotate(-58)">${blurred(ctx, 3, sachet(ctx, line, { w: 170, h: 700 }))}</g>` +
    `<g transform="translate(1290 430) rotate(32)">${blurred(ctx, 16, sachet(ctx, line, { w: 170, h: 700 }))}</g>` +
    // loose grains drifting away from the pile
    Array.from({ length: 160 }, (_, i) => {
      const a = (i * 137.5 * Math.PI) / 180;
      const d = 380 + (i % 23) * 14;
      return `<circle cx="${r(820 + Math.cos(a) * d)}" cy="${r(1180 + Math.sin(a) * d * 0.35)}" r="${r(2 + (i % 4))}" fill="#efe0bd" opacity=".85"/>`;
    }).join("");
}

function sachetFan(ctx, line) {
  const fan = Array.from({ length: 7 }, (_, i) => {
    const a = -40 + i * 13;
    const focus = Math.abs(i - 3) * 3;
    return `<g transform="translate(${r(700 + i * 40)} ${r(1500 - i * 12)}) rotate(${a})">${blurred(ctx, focus, `<g transform="translate(0 -380)">${sachet(ctx, line, { w: 170, h: 760 })}</g>`)}</g>`;
  }).join("");
  return `<g transform="translate(330 640) rotate(-35)">${blurred(ctx, 14, pouch(ctx, line, { w: 700, h: 900, note: "Refill · 30 sachets" }))}</g>` +
    blurred(ctx, 30, `<ellipse cx="860" cy="1560" rx="520" ry="90" fill="#2a2217" opacity=".22"/>`) + fan;
}

function blisterCard(ctx, line) {
  const x0 = 260;
  const y0 = 360;
  const cw = 1080;
  const ch = 1280;
  const cells = [];
  for (let i = 0; i < 14; i++) {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const cx = x0 + 250 + col * 500;
    const cy = y0 + 150 + row * 160;
    const empty = i < 3;
    cells.push(
      `<rect x="${cx - 90}" y="${cy - 52}" width="380" height="104" rx="52" fill="#ffffff" opacity="${empty ? 0.25 : 0.45}" stroke="#fff" stroke-opacity=".9" stroke-width="3"/>` +
        (empty ? `<path d="M${cx - 60} ${cy - 20} l60 30 l40 -24 l60 34 l50 -20" stroke="#9aa7b4" stroke-width="3" fill="none" opacity=".6"/>` : lyingCapsule(ctx, line, cx + 100, cy, 0, { length: 340, shadow: 0.15 })) +
        `<text x="${cx - 120}" y="${cy + 12}" text-anchor="end" font-family="Brand Sans" font-weight="500" font-size="34" fill="${line.cap}">Day ${i + 1}</text>`,
    );
  }
  return blurred(ctx, 34, `<rect x="${x0 + 40}" y="${y0 + 60}" width="${cw}" height="${ch}" rx="30" fill="#1d2630" opacity=".3"/>`) +
    `<rect x="${x0}" y="${y0}" width="${cw}" height="${ch}" rx="30" fill="${mix(line.pouch, "#ffffff", 0.6)}"/>` +
    `<rect x="${x0}" y="${y0}" width="${cw}" height="${ch}" rx="30" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/>` +
    cells.join("") +
    `<text x="${x0 + cw / 2}" y="${y0 + ch - 40}" text-anchor="middle" font-family="Brand Sans" font-weight="700" font-size="44" fill="${line.cap}">Gut Reset · two capsules a day</text>`;
}

/** The pack in a setting: a counter or shelf in morning window light with water, linen and a leaf. */
export function settingShot(pack) {
  const ctx = scene(W, H, `${pack.key}-setting`);
  const line = pack.line;
  const bathroom = pack.key.startsWith("vs01") || pack.key === "ds01-duo";
  const wooden = pack.key.startsWith("pds08") || pack.key === "gut-reset";
  const counterY = 1180;
  const base = room(ctx, {
    wall: bathroom ? "#ebe6e1" : wooden ? "#eee3d2" : "#ece6da",
    surface: wooden ? "wood" : "stone",
    surfaceTone: wooden ? "#c9a27a" : bathroom ? "#e8e4de" : "#ddd6ca",
    counterY,
  });
  const items = [];
  const baseY = 1700;
  const s = pack.key === "ds01-duo" ? 1.05 : pack.key === "gut-reset" ? 1.0 : 1.3;
  // the sprig behind, leaning in from the left, out of focus against the wall
  items.push(`<g transform="translate(120 ${counterY + 40}) rotate(10)">${blurred(ctx, 16, sprig(ctx, { len: 1100, leaves: 9, color: bathroom ? "#6f8f86" : "#5f8a5a" }))}</g>`);
  items.push(linen(ctx, [[80, 1560], [820, 1500], [900, 1760], [60, 1840]], { color: bathroom ? "#f1ece6" : "#ebe3d4", folds: [[60, 1640, 900, 1580]] }));
  const objectX = pack.key === "ds01-duo" ? 720 : 660;
  const span = pack.width * s;
  items.push(castShadow(ctx, objectX, baseY, span * 0.9, 720, { dx: 0.75, dy: -0.1, opacity: 0.16 }));
  if (pack.key.endsWith("refill")) {
    items.push(groundShadow(ctx, objectX + 420, baseY - 90, 380, { strength: 0.8 }));
    items.push(`<g transform="translate(${objectX + 420} ${baseY - 90})">${jar(ctx, line, { w: 380, h: 500, contents: pack.key.startsWith("pds08") ? "sachets" : "capsules", seed: 5 })}</g>`);
  }
  // the duo's second glass stands behind the jars, for the second person
  if (pack.key === "ds01-duo") items.push(groundShadow(ctx, 1470, baseY - 150, 200, { strength: 0.5 }) + `<g transform="translate(1470 ${baseY - 150})">${glassOfWater(ctx, { w: 210, h: 340 })}</g>`);
  items.push(groundShadow(ctx, objectX, baseY, span));
  items.push(`<g transform="translate(${objectX} ${baseY})">${pack.draw(ctx, line, s)}</g>`);
  const glassX = pack.key.endsWith("refill") ? 1420 : 1290;
  items.push(castShadow(ctx, glassX, baseY + 40, 250, 420, { dx: 0.7, dy: -0.1, opacity: 0.1 }));
  items.push(groundShadow(ctx, glassX, baseY + 40, 260, { strength: 0.6 }));
  items.push(`<g transform="translate(${glassX} ${baseY + 40})">${glassOfWater(ctx, { w: 300, h: 500 })}</g>`);
  if (pack.key.startsWith("pds08")) items.push(kidsCup(ctx, line, 1180, 1880));
  if (pack.key === "gut-reset") items.push(notebook(ctx, line));
  // a leaf in the foreground, close to the lens, deeply out of focus
  items.push(`<g transform="translate(1640 2080) rotate(-52)">${blurred(ctx, 22, leaf(ctx, { len: 620, width: 0.42, color: "#4f7a4a" }))}</g>`);
  return { ctx, svg: ctx.toSvg(base + items.join("") + warmth(ctx) + finish(ctx, 0.04)) };
}

function warmth(ctx) {
  const id = ctx.once("warm", (wid) => `<linearGradient id="${wid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffd9a0" stop-opacity=".16"/><stop offset=".6" stop-color="#ffd9a0" stop-opacity="0"/><stop offset="1" stop-color="#2a2217" stop-opacity=".12"/></linearGradient>`);
  return `<rect width="${ctx.width}" height="${ctx.height}" fill="url(#${id})"/>`;
}

function kidsCup(ctx, line, x, y) {
  return groundShadow(ctx, x, y, 300, { strength: 0.6 }) +
    `<g transform="translate(${x} ${y})"><path d="M-150 -230 L-120 0 Q0 14 120 0 L150 -230 Z" fill="${mix(line.pouch, "#ffffff", 0.3)}"/>` +
    `<ellipse cx="0" cy="-230" rx="150" ry="34" fill="${mix(line.pouch, "#000000", 0.1)}"/><ellipse cx="0" cy="-226" rx="134" ry="27" fill="#f7f1e4"/>` +
    `<g transform="translate(40 -236) rotate(-24)">${spoon(ctx, { len: 360, color: "#d8c7a5" })}</g>` +
    blurred(ctx, 4, `<rect x="-130" y="-200" width="22" height="170" rx="10" fill="#fff" opacity=".4"/>`) + `</g>`;
}

function notebook(ctx, line) {
  const days = Array.from({ length: 14 }, (_, i) => `<rect x="${r(190 + (i % 7) * 62)}" y="${r(1790 + Math.floor(i / 7) * 62)}" width="44" height="44" rx="8" fill="${i < 4 ? line.accent : "none"}" stroke="${line.accent}" stroke-width="3" opacity=".8"/>`).join("");
  return blurred(ctx, 16, `<rect x="150" y="1730" width="520" height="260" rx="10" fill="#2a2217" opacity=".2" transform="rotate(-4 400 1860)"/>`) +
    `<g transform="rotate(-4 400 1860)"><rect x="140" y="1716" width="520" height="300" rx="8" fill="${PALETTE.paper}"/>` +
    `<text x="190" y="1770" font-family="Brand Sans" font-weight="500" font-size="30" fill="${line.cap}">Reset, day by day</text>${days}</g>`;
}
