/**
 * Where the products stand: a studio sweep (seamless paper backdrop with a soft key light and a glossy floor for the
 * reflection) and a room corner (a wall with window light falling through mullions onto a counter or shelf).
 */
import { blurred, grain, linear, mix, radial, round as r, texture } from "./kit.mjs";

/** A seamless studio sweep in `tone`, horizon at `floorY`. */
export function studio(ctx, tone, floorY) {
  const { width: W, height: H } = ctx;
  const wall = linear(ctx, [[0, mix(tone, "#ffffff", 0.35)], [0.55, tone], [1, mix(tone, "#000000", 0.06)]]);
  const floor = linear(ctx, [[0, mix(tone, "#000000", 0.05)], [0.25, mix(tone, "#ffffff", 0.15)], [1, mix(tone, "#000000", 0.1)]]);
  const key = radial(ctx, [[0, "#ffffff", 0.55], [1, "#ffffff", 0]], { cx: 0.42, cy: 0.38, r: 0.55 });
  const vignette = radial(ctx, [[0.55, "#000000", 0], [1, "#000000", 0.16]], { cx: 0.5, cy: 0.5, r: 0.75 });
  return [
    `<rect width="${W}" height="${H}" fill="url(#${wall})"/>`,
    `<rect y="${r(floorY)}" width="${W}" height="${r(H - floorY)}" fill="url(#${floor})"/>`,
    // the sweep's curve: the horizon is a soft band, never a line
    blurred(ctx, 60, `<rect x="-100" y="${r(floorY - 40)}" width="${W + 200}" height="80" fill="${mix(tone, "#000000", 0.04)}" opacity=".8"/>`),
    `<rect width="${W}" height="${H}" fill="url(#${key})"/>`,
    `<rect width="${W}" height="${H}" fill="url(#${vignette})"/>`,
  ].join("");
}

/** The finishing layer for every picture: vignette-free grain so flat gradients read as photographed, not drawn. */
export function finish(ctx, opacity = 0.045) {
  return grain(ctx, { opacity });
}

/**
 * A room corner in morning light: a plaster wall with a window's light (and its mullions' shadows) slanting across
 * it, and a counter (stone or wood) from `counterY` down, with the front edge catching light.
 */
export function room(ctx, { wall = "#ece4d6", surface = "stone", surfaceTone = "#e3ddd2", counterY, light = 1, window = { x: 0.18, w: 0.5 } }) {
  const { width: W, height: H } = ctx;
  const wallGrad = linear(ctx, [[0, mix(wall, "#000000", 0.12)], [0.7, wall], [1, mix(wall, "#000000", 0.04)]], { x1: 0, y1: 0, x2: 1, y2: 0.3 });
  const warm = "#fff1d6";
  const wx = W * window.x;
  const ww = W * window.w;
  const slant = W * 0.22;
  // the patch of sun on the wall, a parallelogram split by a cross of mullion shadows
  const pane = (x, y, w, h) => `<polygon points="${r(x)},${r(y)} ${r(x + w)},${r(y - slant * 0.25)} ${r(x + w + slant * 0.1)},${r(y + h - slant * 0.25)} ${r(x + slant * 0.1)},${r(y + h)}" fill="${warm}"/>`;
  const top = counterY * 0.08;
  const ph = (counterY - top) * 0.44;
  const pw = ww * 0.47;
  const sun = [pane(wx, top, pw, ph), pane(wx + pw + ww * 0.06, top - slant * 0.02, pw, ph), pane(wx, top + ph + counterY * 0.05, pw, ph), pane(wx + pw + ww * 0.06, top + ph + counterY * 0.05 - slant * 0.02, pw, ph)].join("");
  const surfaceGrad = linear(ctx, [[0, mix(surfaceTone, "#000000", 0.1)], [0.35, surfaceTone], [1, mix(surfaceTone, "#ffffff", 0.25)]]);
  const edge = linear(ctx, [[0, "#ffffff", 0.75], [1, "#ffffff", 0]]);
  const sunOnCounter = `<polygon points="${r(wx + slant * 0.6)},${r(counterY + 10)} ${r(wx + ww + slant * 0.9)},${r(counterY + 10)} ${r(wx + ww + slant * 2.2)},${r(H)} ${r(wx + slant * 1.3)},${r(H)}" fill="${warm}"/>`;
  return [
    `<rect width="${W}" height="${r(counterY)}" fill="url(#${wallGrad})" filter="url(#${texture(ctx, "paper", 31)})"/>`,
    blurred(ctx, 26, `<g opacity="${r(0.75 * light)}">${sun}</g>`),
    blurred(ctx, 120, `<ellipse cx="${r(wx + ww * 0.5)}" cy="${r(counterY * 0.45)}" rx="${r(ww * 0.8)}" ry="${r(counterY * 0.45)}" fill="${warm}" opacity="${r(0.35 * light)}"/>`),
    `<rect y="${r(counterY)}" width="${W}" height="${r(H - counterY)}" fill="url(#${surfaceGrad})" filter="url(#${texture(ctx, surface, 41)})"/>`,
    blurred(ctx, 40, `<g opacity="${r(0.4 * light)}">${sunOnCounter}</g>`),
    // the back edge of the counter meets the wall in a soft shadow; the near edge is a lit bevel
    blurred(ctx, 10, `<rect y="${r(counterY - 4)}" width="${W}" height="14" fill="#000" opacity=".18"/>`),
    `<rect y="${r(counterY)}" width="${W}" height="6" fill="url(#${edge})" opacity=".5"/>`,
  ].join("");
}
