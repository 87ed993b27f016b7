/**
 * The things in the photographs, each drawn at an origin (usually its base centre) so a scene places it with one
 * transform: capsules (two-piece, capsule in capsule), glass jars, refill pouches, the Gut Reset carton, sachets, a
 * glass of water, leaves, linen, a spoon.
 */
import { PALETTE, blur, blurred, gloss, linear, mix, radial, round as r, texture } from "./kit.mjs";

const FONT = "Brand Sans";

/**
 * One capsule along the x axis, centred at 0,0: a translucent outer shell in two pieces (cap over body, with the
 * seam), the smaller inner capsule visible through it, a specular highlight and a rim light.
 */
export function capsule(ctx, line, { length = 220, cut = false, simple = false } = {}) {
  const soft = (sd, markup) => (simple ? markup : blurred(ctx, sd, markup));
  const L = length;
  const D = L * 0.36;
  const shell = linear(ctx, [[0, mix(line.shell, "#000000", 0.35), 0.95], [0.18, line.shell, 0.7], [0.5, mix(line.shell, "#ffffff", 0.45), 0.45], [0.82, line.shell, 0.72], [1, mix(line.shell, "#000000", 0.45), 0.97]]);
  const inner = linear(ctx, [[0, mix(line.inner, "#000000", 0.3)], [0.35, line.inner], [0.6, mix(line.inner, "#ffffff", 0.25)], [1, mix(line.inner, "#000000", 0.4)]]);
  const hi = linear(ctx, [[0, "#ffffff", 0], [0.25, "#ffffff", 0.95], [0.8, "#ffffff", 0.7], [1, "#ffffff", 0]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const il = L * 0.58;
  const id = D * 0.56;
  const ix = -L * 0.08;
  const capStart = L * 0.02;
  const parts = [
    // inner capsule, seen through the outer shell
    `<rect x="${r(ix - il / 2)}" y="${r(-id / 2)}" width="${r(il)}" height="${r(id)}" rx="${r(id / 2)}" fill="url(#${inner})" opacity="${cut ? 1 : 0.88}"/>`,
    `<rect x="${r(ix - il / 2 + id * 0.3)}" y="${r(-id * 0.34)}" width="${r(il - id * 0.6)}" height="${r(id * 0.16)}" rx="${r(id * 0.08)}" fill="#fff" opacity=".35"/>`,
    // outer shell: body then the longer cap pulled over it
    `<rect x="${r(-L / 2)}" y="${r(-D / 2)}" width="${r(L)}" height="${r(D)}" rx="${r(D / 2)}" fill="url(#${shell})"/>`,
    `<path d="M${r(capStart)} ${r(-D / 2 - D * 0.025)} H${r(L / 2 - D / 2)} a${r(D * 0.525)} ${r(D * 0.525)} 0 0 1 0 ${r(D * 1.05)} H${r(capStart)} z" fill="${mix(line.shell, "#ffffff", 0.2)}" opacity=".28"/>`,
    `<line x1="${r(capStart)}" y1="${r(-D / 2)}" x2="${r(capStart)}" y2="${r(D / 2)}" stroke="${mix(line.shell, "#000000", 0.3)}" stroke-width="${r(D * 0.025)}" opacity=".55"/>`,
    // highlight along the top, a smaller hot spot, and a rim light along the bottom
    soft(r(D * 0.03), `<rect x="${r(-L / 2 + D * 0.3)}" y="${r(-D * 0.36)}" width="${r(L - D * 0.6)}" height="${r(D * 0.13)}" rx="${r(D * 0.065)}" fill="url(#${hi})"/>`),
    `<ellipse cx="${r(-L * 0.22)}" cy="${r(-D * 0.3)}" rx="${r(D * 0.16)}" ry="${r(D * 0.045)}" fill="#fff" opacity=".9"/>`,
    soft(r(D * 0.02), `<path d="M${r(-L / 2 + D * 0.35)} ${r(D * 0.36)} H${r(L / 2 - D * 0.35)}" stroke="#fff" stroke-width="${r(D * 0.04)}" opacity=".45" stroke-linecap="round"/>`),
  ];
  return parts.join("");
}

/** A capsule lying on a surface at (x, y) turned by `angle`, with its shadow, optionally out of focus. */
export function lyingCapsule(ctx, line, x, y, angle, { length = 220, focus = 0, shadow = 0.35 } = {}) {
  const D = length * 0.36;
  const sh = blurred(ctx, r(D * 0.18), `<rect x="${r(-length / 2)}" y="${r(-D * 0.2)}" width="${r(length)}" height="${r(D * 0.62)}" rx="${r(D * 0.3)}" fill="#1d1a14" opacity="${shadow}" transform="translate(${r(D * 0.12)} ${r(D * 0.3)})"/>`);
  return blurred(ctx, focus, `<g transform="translate(${r(x)} ${r(y)}) rotate(${r(angle)})">${sh}${capsule(ctx, line, { length })}</g>`);
}

/**
 * A glass jar standing with its base centre at 0,0: a cap with grip ridges, a tinted thick-walled body with the
 * contents drawn inside (clipped), refraction at the edges, highlights, and a printed label.
 */
export function jar(ctx, line, { w = 520, h = 680, contents = "capsules", label = true, seed = 1 } = {}) {
  const capH = h * 0.2;
  const top = -h + capH - 8;
  const rad = w * 0.2;
  const bodyId = ctx.uid("jarBody");
  const bodyPath = `M${r(-w / 2)} ${r(top + rad * 0.6)} Q${r(-w / 2)} ${r(top)} ${r(-w / 2 + rad * 0.7)} ${r(top)} H${r(w / 2 - rad * 0.7)} Q${r(w / 2)} ${r(top)} ${r(w / 2)} ${r(top + rad * 0.6)} V${r(-rad)} Q${r(w / 2)} 0 ${r(w / 2 - rad)} 0 H${r(-w / 2 + rad)} Q${r(-w / 2)} 0 ${r(-w / 2)} ${r(-rad)} Z`;
  ctx.def(`<clipPath id="${bodyId}"><path d="${bodyPath}" transform="translate(0 -6) scale(.96 .985)"/></clipPath>`);
  const glassEdge = linear(ctx, [[0, mix(line.glass, "#102018", 0.45), 0.85], [0.07, line.glass, 0.5], [0.3, line.glass, 0.16], [0.7, line.glass, 0.12], [0.93, line.glass, 0.45], [1, mix(line.glass, "#102018", 0.5), 0.9]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const backWall = linear(ctx, [[0, mix(line.glass, "#000000", 0.15), 0.5], [0.5, line.glass, 0.35], [1, mix(line.glass, "#000000", 0.2), 0.5]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const capShade = linear(ctx, [[0, mix(line.cap, "#000000", 0.45)], [0.18, mix(line.cap, "#ffffff", 0.12)], [0.32, mix(line.cap, "#ffffff", 0.22)], [0.6, line.cap], [1, mix(line.cap, "#000000", 0.55)]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const inner = contents === "capsules" ? jarCapsules(ctx, line, w, top, seed) : jarSachets(ctx, line, w, top);
  const capW = w * 0.9;
  const ridges = Array.from({ length: 46 }, (_, i) => {
    const x = -capW / 2 + (capW * (i + 0.5)) / 46;
    return `<line x1="${r(x)}" y1="${r(-h + 14)}" x2="${r(x)}" y2="${r(-h + capH - 10)}" stroke="#000" stroke-width="2" opacity="${r(0.12 + 0.1 * Math.abs(x / capW) * 2)}"/>`;
  }).join("");
  const labelMarkup = label ? jarLabel(ctx, line, w, top, h) : "";
  return [
    `<path d="${bodyPath}" fill="url(#${backWall})"/>`,
    `<g clip-path="url(#${bodyId})">${inner}</g>`,
    `<path d="${bodyPath}" fill="url(#${glassEdge})"/>`,
    labelMarkup,
    // thick glass base and its caustic
    `<path d="M${r(-w / 2 + rad * 0.5)} ${r(-22)} Q0 ${r(-6)} ${r(w / 2 - rad * 0.5)} ${r(-22)}" stroke="#fff" stroke-width="5" fill="none" opacity=".5"/>`,
    blurred(ctx, 10, `<ellipse cx="0" cy="-14" rx="${r(w * 0.36)}" ry="10" fill="${mix(line.glass, "#ffffff", 0.5)}" opacity=".55"/>`),
    // highlights: a broad soft window reflection on the left, a thin sharp one inside it, a faint one on the right
    blurred(ctx, 9, `<rect x="${r(-w * 0.4)}" y="${r(top + 40)}" width="${r(w * 0.075)}" height="${r(-top - 110)}" rx="${r(w * 0.037)}" fill="#fff" opacity=".55"/>`),
    `<rect x="${r(-w * 0.375)}" y="${r(top + 70)}" width="${r(w * 0.016)}" height="${r(-top - 170)}" rx="4" fill="#fff" opacity=".85"/>`,
    blurred(ctx, 6, `<rect x="${r(w * 0.36)}" y="${r(top + 60)}" width="${r(w * 0.025)}" height="${r(-top - 160)}" rx="6" fill="#fff" opacity=".4"/>`),
    `<path d="${bodyPath}" fill="none" stroke="${mix(line.glass, "#0b1a12", 0.55)}" stroke-width="3" opacity=".45"/>`,
    // neck and cap
    `<rect x="${r(-capW / 2 + 8)}" y="${r(-h + capH - 18)}" width="${r(capW - 16)}" height="26" rx="8" fill="${mix(line.glass, "#000000", 0.2)}" opacity=".55"/>`,
    `<g filter="url(#${gloss(ctx, { sd: 14, exponent: 18, strength: 0.45 })})"><rect x="${r(-capW / 2)}" y="${r(-h)}" width="${r(capW)}" height="${r(capH)}" rx="18" fill="url(#${capShade})"/></g>`,
    ridges,
    `<rect x="${r(-capW / 2)}" y="${r(-h)}" width="${r(capW)}" height="14" rx="7" fill="#fff" opacity=".16"/>`,
    blurred(ctx, 6, `<rect x="${r(-capW * 0.34)}" y="${r(-h + 18)}" width="${r(capW * 0.08)}" height="${r(capH - 40)}" rx="8" fill="#fff" opacity=".22"/>`),
  ].join("");
}

function jarCapsules(ctx, line, w, top, seed) {
  const rnd = ctx.random;
  const out = [];
  const fill = -top * 0.78;
  for (let row = 0; row < 9; row++) {
    for (let i = 0; i < 7; i++) {
      const x = -w / 2 + (w * (i + 0.5 + (row % 2) * 0.5)) / 7 + rnd.range(-16, 16);
      const y = -30 - row * (fill / 9) + rnd.range(-10, 10);
      out.push(`<g transform="translate(${r(x)} ${r(y)}) rotate(${r(rnd.range(-70, 70) + seed)})">${capsule(ctx, line, { length: w * 0.27, simple: true })}</g>`);
    }
  }
  return out.join("");
}

function jarSachets(ctx, line, w, top) {
  const out = [];
  const n = 7;
  for (let i = 0; i < n; i++) {
    const x = -w / 2 + 40 + ((w - 80) * (i + 0.5)) / n;
    const hgt = -top * 0.72 + (i % 2) * 18;
    out.push(`<g transform="translate(${r(x)} -12) rotate(${r((i - n / 2) * 2.2)})">${sachet(ctx, line, { w: (w - 80) / n - 4, h: hgt, upright: true })}</g>`);
  }
  return out.join("");
}

function jarLabel(ctx, line, w, top, h) {
  const lw = w * 0.62;
  const lh = h * 0.3;
  const y = top + (-top - lh) * 0.42;
  const paper = linear(ctx, [[0, "#e9e5dc"], [0.2, "#fbf9f4"], [0.75, "#fffdf8"], [1, "#dcd7cc"]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  return `<g><rect x="${r(-lw / 2)}" y="${r(y)}" width="${r(lw)}" height="${r(lh)}" rx="10" fill="url(#${paper})" opacity=".96"/>` +
    `<text x="0" y="${r(y + lh * 0.36)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${r(lh * 0.2)}" fill="${line.cap}">${line.name}</text>` +
    `<text x="0" y="${r(y + lh * 0.56)}" text-anchor="middle" font-family="${FONT}" font-weight="500" font-size="${r(lh * 0.09)}" fill="${line.cap}" letter-spacing="1">${line.full.toUpperCase()}</text>` +
    `<line x1="${r(-lw * 0.3)}" y1="${r(y + lh * 0.7)}" x2="${r(lw * 0.3)}" y2="${r(y + lh * 0.7)}" stroke="${line.cap}" stroke-width="1.5" opacity=".35"/>` +
    `<text x="0" y="${r(y + lh * 0.84)}" text-anchor="middle" font-family="${FONT}" font-weight="400" font-size="${r(lh * 0.07)}" fill="${line.cap}" opacity=".8">${line.jarNote ?? "Probiotic + Prebiotic"}</text></g>`;
}

/**
 * A stand-up refill pouch with its base centre at 0,0: matte compostable film with a paper grain, pillow shading,
 * a top seal with zip and tear notches, crinkles, and its printed label.
 */
export function pouch(ctx, line, { w = 560, h = 760, note = "Refill · 60 capsules" } = {}) {
  const bulge = w * 0.035;
  const body = `M${r(-w / 2)} ${r(-h)} H${r(w / 2)} C${r(w / 2 + bulge)} ${r(-h * 0.6)} ${r(w / 2 + bulge)} ${r(-h * 0.25)} ${r(w / 2 - 6)} ${r(-20)} Q${r(w / 2 - 10)} 0 ${r(w / 2 - 40)} 0 H${r(-w / 2 + 40)} Q${r(-w / 2 + 10)} 0 ${r(-w / 2 + 6)} ${r(-20)} C${r(-w / 2 - bulge)} ${r(-h * 0.25)} ${r(-w / 2 - bulge)} ${r(-h * 0.6)} ${r(-w / 2)} ${r(-h)} Z`;
  const pillow = linear(ctx, [[0, "#000", 0.32], [0.12, "#000", 0.06], [0.35, "#fff", 0.14], [0.6, "#fff", 0.04], [0.88, "#000", 0.1], [1, "#000", 0.36]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const vshade = linear(ctx, [[0, "#fff", 0.12], [0.2, "#fff", 0], [0.85, "#000", 0.0], [1, "#000", 0.22]]);
  const bodyClip = ctx.uid("pouch");
  ctx.def(`<clipPath id="${bodyClip}"><path d="${body}"/></clipPath>`);
  const lw = w * 0.7;
  const ly = -h * 0.62;
  const lh = h * 0.36;
  const crinkles = [0.22, 0.41, 0.63, 0.8]
    .map((t, i) => blurred(ctx, 3, `<path d="M${r(-w / 2 + w * t)} ${r(-h + 70)} q${r(12 - i * 6)} ${r(40)} ${r(-4 + i * 3)} ${r(90 + i * 14)}" stroke="${i % 2 ? "#fff" : "#000"}" stroke-width="4" fill="none" opacity=".12"/>`))
    .join("");
  return [
    `<path d="${body}" fill="${line.pouch}" filter="url(#${texture(ctx, "paper", 11)})"/>`,
    `<g clip-path="url(#${bodyClip})">`,
    `<rect x="${r(-w)}" y="${r(-h)}" width="${r(w * 2)}" height="${r(h)}" fill="url(#${pillow})"/>`,
    `<rect x="${r(-w)}" y="${r(-h)}" width="${r(w * 2)}" height="${r(h)}" fill="url(#${vshade})"/>`,
    // top seal, zip and its shadow
    `<rect x="${r(-w)}" y="${r(-h)}" width="${r(w * 2)}" height="${r(h * 0.075)}" fill="#000" opacity=".1"/>`,
    `<line x1="${r(-w / 2)}" y1="${r(-h * 0.9)}" x2="${r(w / 2)}" y2="${r(-h * 0.9)}" stroke="#000" stroke-width="5" opacity=".14"/>`,
    `<line x1="${r(-w / 2)}" y1="${r(-h * 0.9 + 5)}" x2="${r(w / 2)}" y2="${r(-h * 0.9 + 5)}" stroke="#fff" stroke-width="2" opacity=".25"/>`,
    crinkles,
    // gusset at the bottom
    `<path d="M${r(-w / 2)} ${r(-h * 0.1)} Q0 ${r(-h * 0.06)} ${r(w / 2)} ${r(-h * 0.1)}" stroke="#000" stroke-width="3" fill="none" opacity=".12"/>`,
    `</g>`,
    `<path d="M${r(-w / 2)} ${r(-h + 26)} l14 8 l-14 8 z M${r(w / 2)} ${r(-h + 26)} l-14 8 l14 8 z" fill="${mix(line.pouch, "#000000", 0.4)}"/>`,
    // label
    `<rect x="${r(-lw / 2)}" y="${r(ly)}" width="${r(lw)}" height="${r(lh)}" rx="12" fill="${PALETTE.paper}" opacity=".94"/>`,
    `<text x="0" y="${r(ly + lh * 0.3)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${r(lh * 0.17)}" fill="${line.cap}">${line.name}</text>`,
    `<text x="0" y="${r(ly + lh * 0.46)}" text-anchor="middle" font-family="${FONT}" font-weight="500" font-size="${r(lh * 0.075)}" letter-spacing="1.5" fill="${line.cap}">${line.full.toUpperCase()}</text>`,
    `<line x1="${r(-lw * 0.32)}" y1="${r(ly + lh * 0.58)}" x2="${r(lw * 0.32)}" y2="${r(ly + lh * 0.58)}" stroke="${line.cap}" stroke-width="1.5" opacity=".35"/>`,
    `<text x="0" y="${r(ly + lh * 0.72)}" text-anchor="middle" font-family="${FONT}" font-weight="500" font-size="${r(lh * 0.07)}" fill="${line.cap}">${note}</text>`,
    leafIcon(0, ly + lh * 0.86, lh * 0.05, line.cap) +
      `<text x="${r(lh * 0.06)}" y="${r(ly + lh * 0.885)}" font-family="${FONT}" font-weight="400" font-size="${r(lh * 0.055)}" fill="${line.cap}" opacity=".85">Home compostable</text>`,
  ].join("");
}

function leafIcon(x, y, s, color) {
  return `<path transform="translate(${r(x - s * 5.4)} ${r(y)}) scale(${r(s / 10)})" d="M0 8 C0 -4 10 -10 20 -10 C20 2 12 10 0 8 Z M0 8 L10 -2" fill="none" stroke="${color}" stroke-width="2.2"/>`;
}

/** A single-serve stick sachet, upright (base centre at 0,0) or lying, in the line's colour with a white band. */
export function sachet(ctx, line, { w = 70, h = 300, upright = false } = {}) {
  const shade = linear(ctx, [[0, "#000", 0.22], [0.3, "#fff", 0.18], [0.6, "#fff", 0.02], [1, "#000", 0.25]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const y0 = upright ? -h : -h / 2;
  return [
    `<rect x="${r(-w / 2)}" y="${r(y0)}" width="${r(w)}" height="${r(h)}" rx="4" fill="${line.pouch}"/>`,
    `<rect x="${r(-w / 2)}" y="${r(y0 + h * 0.36)}" width="${r(w)}" height="${r(h * 0.3)}" fill="${PALETTE.paper}" opacity=".9"/>`,
    `<text transform="translate(${r(w * 0.12)} ${r(y0 + h * 0.51)}) rotate(-90)" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${r(w * 0.36)}" fill="${line.cap}">${line.name}</text>`,
    `<rect x="${r(-w / 2)}" y="${r(y0)}" width="${r(w)}" height="${r(h)}" rx="4" fill="url(#${shade})"/>`,
    // crimped ends
    ...[y0, y0 + h - h * 0.05].map((yy) => `<rect x="${r(-w / 2)}" y="${r(yy)}" width="${r(w)}" height="${r(h * 0.05)}" fill="#000" opacity=".12"/>`),
    ...Array.from({ length: 6 }, (_, i) => `<line x1="${r(-w / 2 + (w * (i + 0.5)) / 6)}" y1="${r(y0)}" x2="${r(-w / 2 + (w * (i + 0.5)) / 6)}" y2="${r(y0 + h * 0.05)}" stroke="#fff" stroke-width="1.5" opacity=".35"/>`),
  ].join("");
}

/**
 * The Gut Reset carton in two-point-ish perspective, base centre at 0,0: a front face, a darker side face and a
 * lit top, with its printed front.
 */
export function carton(ctx, line, { w = 560, h = 720, depth = 190 } = {}) {
  const skew = depth * 0.42;
  const front = linear(ctx, [[0, mix(line.pouch, "#ffffff", 0.35)], [1, line.pouch]], { x1: 0, y1: 0, x2: 1, y2: 1 });
  const side = linear(ctx, [[0, mix(line.pouch, "#000000", 0.22)], [1, mix(line.pouch, "#000000", 0.34)]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const x0 = -w / 2 - depth / 2;
  const x1 = x0 + w;
  const lines = [
    `<polygon points="${r(x0)},${r(-h)} ${r(x1)},${r(-h)} ${r(x1)},0 ${r(x0)},0" fill="url(#${front})" filter="url(#${texture(ctx, "paper", 5)})"/>`,
    `<polygon points="${r(x1)},${r(-h)} ${r(x1 + depth)},${r(-h - skew)} ${r(x1 + depth)},${r(-skew)} ${r(x1)},0" fill="url(#${side})"/>`,
    `<polygon points="${r(x0)},${r(-h)} ${r(x0 + depth)},${r(-h - skew)} ${r(x1 + depth)},${r(-h - skew)} ${r(x1)},${r(-h)}" fill="${mix(line.pouch, "#ffffff", 0.55)}"/>`,
    `<line x1="${r(x1)}" y1="${r(-h)}" x2="${r(x1)}" y2="0" stroke="#fff" stroke-width="2" opacity=".5"/>`,
    // the printed front: a band of fourteen days, name, contents
    `<rect x="${r(x0)}" y="${r(-h * 0.2)}" width="${r(w)}" height="${r(h * 0.2)}" fill="${line.cap}" opacity=".92"/>`,
    ...Array.from({ length: 14 }, (_, i) => {
      const cx = x0 + w * 0.1 + (w * 0.8 * (i % 7)) / 6;
      const cy = -h * (i < 7 ? 0.14 : 0.065);
      return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(w * 0.026)}" fill="${i < 3 ? "#ffffff" : "none"}" stroke="#fff" stroke-width="2" opacity=".85"/>`;
    }),
    `<text x="${r(x0 + w * 0.09)}" y="${r(-h * 0.78)}" font-family="${FONT}" font-weight="700" font-size="${r(w * 0.13)}" fill="${line.cap}">Gut Reset</text>`,
    `<text x="${r(x0 + w * 0.09)}" y="${r(-h * 0.7)}" font-family="${FONT}" font-weight="500" font-size="${r(w * 0.042)}" letter-spacing="2" fill="${line.cap}">14-DAY KIT · 28 CAPSULES</text>`,
    `<line x1="${r(x0 + w * 0.09)}" y1="${r(-h * 0.64)}" x2="${r(x0 + w * 0.5)}" y2="${r(-h * 0.64)}" stroke="${line.cap}" stroke-width="2" opacity=".4"/>`,
    `<text x="${r(x0 + w * 0.09)}" y="${r(-h * 0.57)}" font-family="${FONT}" font-weight="400" font-size="${r(w * 0.038)}" fill="${line.cap}">Regularity and comfort,</text>`,
    `<text x="${r(x0 + w * 0.09)}" y="${r(-h * 0.52)}" font-family="${FONT}" font-weight="400" font-size="${r(w * 0.038)}" fill="${line.cap}">two capsules a day.</text>`,
    blurred(ctx, 14, `<rect x="${r(x0 + w * 0.04)}" y="${r(-h * 0.98)}" width="${r(w * 0.05)}" height="${r(h * 0.9)}" fill="#fff" opacity=".25"/>`),
  ];
  return lines.join("");
}

/** A tumbler of water, base centre at 0,0: clear walls, the water's surface and meniscus, refraction and caustic. */
export function glassOfWater(ctx, { w = 260, h = 420, tint = "#dfeee8" } = {}) {
  const wall = linear(ctx, [[0, "#5c6b66", 0.5], [0.08, tint, 0.25], [0.5, "#ffffff", 0.06], [0.92, tint, 0.25], [1, "#5c6b66", 0.55]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const water = linear(ctx, [[0, tint, 0.55], [1, mix(tint, "#7fa69a", 0.5), 0.6]]);
  const taper = w * 0.07;
  const waterTop = -h * 0.68;
  return [
    blurred(ctx, 18, `<ellipse cx="${r(w * 0.55)}" cy="6" rx="${r(w * 0.55)}" ry="${r(w * 0.09)}" fill="${mix(tint, "#ffffff", 0.4)}" opacity=".7"/>`),
    `<path d="M${r(-w / 2)} ${r(-h)} L${r(-w / 2 + taper)} -6 Q0 8 ${r(w / 2 - taper)} -6 L${r(w / 2)} ${r(-h)} Z" fill="url(#${wall})"/>`,
    `<path d="M${r(-w / 2 + taper * 0.32 + 6)} ${r(waterTop)} L${r(-w / 2 + taper + 6)} -14 Q0 0 ${r(w / 2 - taper - 6)} -14 L${r(w / 2 - taper * 0.32 - 6)} ${r(waterTop)} Z" fill="url(#${water})"/>`,
    `<ellipse cx="0" cy="${r(waterTop)}" rx="${r(w / 2 - taper * 0.32 - 6)}" ry="${r(w * 0.07)}" fill="#ffffff" opacity=".35" stroke="#fff" stroke-width="2.5" stroke-opacity=".7"/>`,
    `<ellipse cx="0" cy="${r(-h)}" rx="${r(w / 2)}" ry="${r(w * 0.08)}" fill="none" stroke="#fff" stroke-width="3" opacity=".75"/>`,
    blurred(ctx, 5, `<rect x="${r(-w * 0.36)}" y="${r(-h * 0.92)}" width="${r(w * 0.06)}" height="${r(h * 0.82)}" rx="8" fill="#fff" opacity=".6"/>`),
    blurred(ctx, 4, `<rect x="${r(w * 0.3)}" y="${r(-h * 0.86)}" width="${r(w * 0.03)}" height="${r(h * 0.7)}" rx="6" fill="#fff" opacity=".45"/>`),
    `<path d="M${r(-w / 2 + taper + 8)} -16 Q0 -2 ${r(w / 2 - taper - 8)} -16" stroke="#fff" stroke-width="6" fill="none" opacity=".55"/>`,
  ].join("");
}

/** A leaf (a simple elliptic blade with a midrib and veins), tip up, base at 0,0; rotate and blur it in the scene. */
export function leaf(ctx, { len = 520, width = 0.36, color = "#5f8a5a" } = {}) {
  const hw = len * width * 0.5;
  const shade = linear(ctx, [[0, mix(color, "#000000", 0.3)], [0.5, color], [1, mix(color, "#ffffff", 0.22)]], { x1: 0, y1: 0, x2: 1, y2: 0 });
  const veins = Array.from({ length: 7 }, (_, i) => {
    const t = 0.15 + i * 0.11;
    const y = -len * t;
    const reach = hw * Math.sin(Math.PI * t) * 0.9;
    return `<path d="M0 ${r(y)} q${r(reach * 0.5)} ${r(-len * 0.03)} ${r(reach)} ${r(-len * 0.09)} M0 ${r(y)} q${r(-reach * 0.5)} ${r(-len * 0.03)} ${r(-reach)} ${r(-len * 0.09)}" stroke="${mix(color, "#ffffff", 0.35)}" stroke-width="${r(len * 0.006)}" fill="none" opacity=".6"/>`;
  }).join("");
  return `<path d="M0 0 C${r(hw * 1.3)} ${r(-len * 0.25)} ${r(hw * 1.1)} ${r(-len * 0.75)} 0 ${r(-len)} C${r(-hw * 1.1)} ${r(-len * 0.75)} ${r(-hw * 1.3)} ${r(-len * 0.25)} 0 0 Z" fill="url(#${shade})"/>` +
    `<path d="M0 ${r(len * 0.12)} L0 ${r(-len * 0.96)}" stroke="${mix(color, "#ffffff", 0.4)}" stroke-width="${r(len * 0.012)}" opacity=".7"/>` + veins;
}

/** A sprig: several leaves along a stem, used out of focus in the foreground or behind the product. */
export function sprig(ctx, { len = 900, leaves = 7, color = "#5f8a5a", seed = 1 } = {}) {
  const rnd = ctx.random;
  const parts = [`<path d="M0 0 Q${r(len * 0.08)} ${r(-len * 0.5)} 0 ${r(-len)}" stroke="${mix(color, "#3b2f1f", 0.4)}" stroke-width="${r(len * 0.012)}" fill="none"/>`];
  for (let i = 0; i < leaves; i++) {
    const t = 0.15 + (i / leaves) * 0.82;
    const side = i % 2 ? 1 : -1;
    const angle = side * (48 - t * 20) + rnd.range(-8, 8) + seed;
    parts.push(`<g transform="translate(${r(len * 0.05 * Math.sin(t * Math.PI))} ${r(-len * t)}) rotate(${r(angle)})">${leaf(ctx, { len: len * (0.3 - t * 0.1), width: 0.5, color: mix(color, "#2f5230", rnd.range(0, 0.35)) })}</g>`);
  }
  return parts.join("");
}

/** A folded linen cloth: a textured quadrilateral with fold shading and a hem. */
export function linen(ctx, points, { color = "#ece6da", folds = [] } = {}) {
  const id = ctx.uid("lin");
  const poly = points.map(([a, b]) => `${r(a)},${r(b)}`).join(" ");
  ctx.def(`<clipPath id="${id}"><polygon points="${poly}"/></clipPath>`);
  const foldMarks = folds
    .map(([x1, y1, x2, y2]) => blurred(ctx, 12, `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#000" stroke-width="26" opacity=".09"/>`) + blurred(ctx, 6, `<line x1="${x1 + 14}" y1="${y1}" x2="${x2 + 14}" y2="${y2}" stroke="#fff" stroke-width="10" opacity=".35"/>`))
    .join("");
  return `<g clip-path="url(#${id})"><polygon points="${poly}" fill="${color}" filter="url(#${texture(ctx, "linen", 21)})"/>${foldMarks}</g>` +
    `<polygon points="${poly}" fill="none" stroke="${mix(color, "#000000", 0.12)}" stroke-width="3" opacity=".6"/>`;
}

/** A small mound of powder: a soft-edged pile with speckle and a lit side. */
export function powder(ctx, { w = 420, h = 130, color = "#f4e6c8" } = {}) {
  const id = ctx.once(`powder${color}`, (fid) =>
    `<filter id="${fid}" x="-10%" y="-10%" width="120%" height="120%" color-interpolation-filters="sRGB"><feTurbulence type="fractalNoise" baseFrequency="0.6" numOctaves="2" seed="4" result="n"/><feColorMatrix in="n" type="matrix" values="0 0 0 0 0.45  0 0 0 0 0.35  0 0 0 0 0.2  0 0 0 -1.4 0.8" result="s"/><feComposite in="s" in2="SourceGraphic" operator="atop"/></filter>`,
  );
  const lit = radial(ctx, [[0, "#ffffff", 0.7], [1, "#ffffff", 0]], { cx: 0.35, cy: 0.3, r: 0.6 });
  const pile = `M${r(-w / 2)} 0 C${r(-w * 0.3)} ${r(-h * 0.2)} ${r(-w * 0.18)} ${r(-h)} 0 ${r(-h)} C${r(w * 0.18)} ${r(-h)} ${r(w * 0.3)} ${r(-h * 0.2)} ${r(w / 2)} 0 Q0 ${r(h * 0.18)} ${r(-w / 2)} 0 Z`;
  return blurred(ctx, 14, `<ellipse cx="${r(w * 0.06)}" cy="${r(h * 0.05)}" rx="${r(w * 0.52)}" ry="${r(h * 0.2)}" fill="#3b2f1f" opacity=".22"/>`) +
    `<path d="${pile}" fill="${color}" filter="url(#${id})"/>` + `<path d="${pile}" fill="url(#${lit})"/>`;
}

/** A wooden spoon lying along the x axis, bowl at the right, lit from the upper left. */
export function spoon(ctx, { len = 520, color = "#c9b08a" } = {}) {
  const shade = linear(ctx, [[0, mix(color, "#ffffff", 0.2)], [0.55, color], [1, mix(color, "#000000", 0.25)]]);
  const hollow = radial(ctx, [[0, mix(color, "#000000", 0.18)], [0.7, mix(color, "#000000", 0.05)], [1, mix(color, "#ffffff", 0.25)]], { cx: 0.55, cy: 0.6, r: 0.6 });
  const t = len * 0.045;
  return blurred(ctx, 12, `<g transform="translate(14 22)" opacity=".25"><rect x="${r(-len / 2)}" y="${r(-t / 2)}" width="${r(len * 0.62)}" height="${r(t)}" rx="${r(t / 2)}" fill="#2a2217"/><ellipse cx="${r(len * 0.33)}" cy="0" rx="${r(len * 0.18)}" ry="${r(len * 0.11)}" fill="#2a2217"/></g>`) +
    `<path d="M${r(-len / 2)} ${r(-t * 0.4)} Q${r(-len / 2)} ${r(-t / 2)} ${r(-len / 2 + t)} ${r(-t / 2)} L${r(len * 0.16)} ${r(-t * 0.8)} L${r(len * 0.16)} ${r(t * 0.8)} L${r(-len / 2 + t)} ${r(t / 2)} Q${r(-len / 2)} ${r(t / 2)} ${r(-len / 2)} ${r(t * 0.4)} Z" fill="url(#${shade})"/>` +
    `<ellipse cx="${r(len * 0.33)}" cy="0" rx="${r(len * 0.18)}" ry="${r(len * 0.11)}" fill="url(#${shade})"/>` +
    `<ellipse cx="${r(len * 0.34)}" cy="${r(len * 0.005)}" rx="${r(len * 0.15)}" ry="${r(len * 0.085)}" fill="url(#${hollow})"/>` +
    blurred(ctx, 3, `<path d="M${r(-len * 0.45)} ${r(-t * 0.2)} L${r(len * 0.12)} ${r(-t * 0.45)}" stroke="#fff" stroke-width="${r(t * 0.18)}" opacity=".45" stroke-linecap="round"/>`);
}
