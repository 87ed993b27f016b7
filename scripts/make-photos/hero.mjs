/** The home page's first screen (1600x1000): DS-01 on a kitchen counter in warm morning light, room left for words. */
import { LINES, blurred, castShadow, groundShadow, linear, scene } from "./kit.mjs";
import { glassOfWater, jar, leaf, linen, sprig } from "./objects.mjs";
import { finish, room } from "./environments.mjs";

export const HERO_ALT = "A DS-01 Daily Synbiotic glass jar on a stone kitchen counter in warm morning sun, beside a glass of water, a linen cloth and a green sprig.";

export function homeHero() {
  const ctx = scene(1600, 1000, "home-hero");
  const counterY = 640;
  const baseY = 880;
  const x = 1030;
  const warm = linear(ctx, [[0, "#ffd59a", 0.2], [0.6, "#ffd59a", 0], [1, "#2a2217", 0.1]], { x1: 0, y1: 0, x2: 1, y2: 1 });
  const body = [
    room(ctx, { wall: "#efe5d5", surface: "stone", surfaceTone: "#ded6c9", counterY, window: { x: 0.05, w: 0.55 }, light: 1.1 }),
    `<g transform="translate(1480 ${counterY + 30}) rotate(-8)">${blurred(ctx, 12, sprig(ctx, { len: 760, leaves: 8 }))}</g>`,
    linen(ctx, [[760, 860], [1340, 820], [1400, 1000], [720, 1000]], { color: "#ebe3d4", folds: [[740, 900, 1380, 860]] }),
    castShadow(ctx, x, baseY, 400, 520, { dx: 0.8, dy: -0.08, opacity: 0.16 }),
    groundShadow(ctx, x, baseY, 420),
    `<g transform="translate(${x} ${baseY})">${jar(ctx, LINES.ds01, { w: 420, h: 550, seed: 3 })}</g>`,
    castShadow(ctx, 1370, baseY + 20, 200, 330, { dx: 0.7, dy: -0.08, opacity: 0.1 }),
    groundShadow(ctx, 1370, baseY + 20, 210, { strength: 0.6 }),
    `<g transform="translate(1370 ${baseY + 20})">${glassOfWater(ctx, { w: 220, h: 360 })}</g>`,
    `<g transform="translate(640 1080) rotate(-64)">${blurred(ctx, 20, leaf(ctx, { len: 480, width: 0.42, color: "#4f7a4a" }))}</g>`,
    `<rect width="1600" height="1000" fill="url(#${warm})"/>`,
    finish(ctx, 0.04),
  ];
  return { alt: HERO_ALT, svg: ctx.toSvg(body.join("")) };
}
