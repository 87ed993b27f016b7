/**
 * Journal covers (1600x900): editorial illustrations in one palette (cream paper, forest, sage, mint, clay, ochre),
 * flat shapes given depth by soft shadows, gradients and a paper grain, one subject per article.
 */
import { LINES, PALETTE as P, blurred, linear, mix, radial, round as r, scene, texture } from "./kit.mjs";
import { capsule, leaf } from "./objects.mjs";
import { finish } from "./environments.mjs";

const W = 1600;
const H = 900;

function paper(ctx, tone = P.cream) {
  const glow = radial(ctx, [[0, "#ffffff", 0.6], [1, "#ffffff", 0]], { cx: 0.3, cy: 0.3, r: 0.7 });
  return `<rect width="${W}" height="${H}" fill="${tone}" filter="url(#${texture(ctx, "paper", 51)})"/><rect width="${W}" height="${H}" fill="url(#${glow})"/>`;
}


/** A microbe: a rod (bacillus) or a sphere (coccus) or a chain, with a lit edge. */
function microbe(ctx, kind, x, y, size, color, angle = 0) {
  const lit = linear(ctx, [[0, mix(color, "#ffffff", 0.35)], [1, mix(color, "#000000", 0.2)]]);
  if (kind === "rod") return `<g transform="translate(${r(x)} ${r(y)}) rotate(${r(angle)})"><rect x="${r(-size)}" y="${r(-size * 0.32)}" width="${r(size * 2)}" height="${r(size * 0.64)}" rx="${r(size * 0.32)}" fill="url(#${lit})"/><rect x="${r(-size * 0.7)}" y="${r(-size * 0.2)}" width="${r(size * 1.2)}" height="${r(size * 0.1)}" rx="${r(size * 0.05)}" fill="#fff" opacity=".5"/></g>`;
  if (kind === "chain") return Array.from({ length: 4 }, (_, i) => `<circle cx="${r(x + Math.cos((angle * Math.PI) / 180) * i * size * 0.9)}" cy="${r(y + Math.sin((angle * Math.PI) / 180) * i * size * 0.9)}" r="${r(size * 0.46)}" fill="url(#${lit})"/>`).join("");
  return `<circle cx="${r(x)}" cy="${r(y)}" r="${r(size * 0.5)}" fill="url(#${lit})"/><circle cx="${r(x - size * 0.15)}" cy="${r(y - size * 0.15)}" r="${r(size * 0.12)}" fill="#fff" opacity=".55"/>`;
}

function microbeField(ctx, cx, cy, rad, count, colors) {
  const rnd = ctx.random;
  const out = [];
  for (let i = 0; i < count; i++) {
    const a = rnd.range(0, Math.PI * 2);
    const d = Math.sqrt(rnd.next()) * rad;
    out.push(microbe(ctx, rnd.pick(["rod", "rod", "coccus", "chain"]), cx + Math.cos(a) * d, cy + Math.sin(a) * d, rnd.range(26, 58), rnd.pick(colors), rnd.range(0, 180)));
  }
  return out.join("");
}

const COVERS = {
  "microbiome-101": {
    alt: "Illustration: a magnifying lens over a cream page, bringing into focus a community of rod- and sphere-shaped microbes in greens, clay and ochre.",
    draw(ctx) {
      const lensClip = ctx.uid("lens");
      ctx.def(`<clipPath id="${lensClip}"><circle cx="900" cy="430" r="300"/></clipPath>`);
      const glass = radial(ctx, [[0, "#ffffff", 0.0], [0.8, P.mint, 0.25], [1, P.sage, 0.5]]);
      return paper(ctx) +
        blurred(ctx, 6, `<g opacity=".35">${microbeField(ctx, 800, 450, 700, 40, [P.sage, P.clay, P.ochre])}</g>`) +
        blurred(ctx, 30, `<circle cx="930" cy="470" r="310" fill="#2a2217" opacity=".22"/>`) +
        `<circle cx="900" cy="430" r="300" fill="${P.paper}"/>` +
        `<g clip-path="url(#${lensClip})">${microbeField(ctx, 900, 430, 300, 34, [P.forest, P.sage, P.clay, P.ochre, "#8fb38a"])}</g>` +
        `<circle cx="900" cy="430" r="300" fill="url(#${glass})"/>` +
        `<path d="M700 260 A280 280 0 0 1 980 150" stroke="#fff" stroke-width="16" fill="none" opacity=".7" stroke-linecap="round"/>` +
        `<circle cx="900" cy="430" r="300" fill="none" stroke="${P.forest}" stroke-width="34"/>` +
        `<rect x="1100" y="650" width="90" height="330" rx="40" fill="${P.forest}" transform="rotate(-42 1145 815)"/>` +
        `<rect x="1112" y="670" width="20" height="280" rx="10" fill="#fff" opacity=".18" transform="rotate(-42 1145 815)"/>`;
    },
  },
  "probiotics-101": {
    alt: "Illustration: a supplement label with strain names and amounts in rows, a capsule laid across it and a pencil ticking the lines that matter.",
    draw(ctx) {
      const rows = Array.from({ length: 7 }, (_, i) => `<rect x="560" y="${260 + i * 70}" width="${300 + ((i * 97) % 160)}" height="18" rx="9" fill="${P.forest}" opacity=".55"/><rect x="${1000}" y="${260 + i * 70}" width="80" height="18" rx="9" fill="${P.sage}" opacity=".7"/><path d="M500 ${262 + i * 70} l12 12 l22 -26" stroke="${i < 4 ? P.clay : "none"}" stroke-width="8" fill="none" stroke-linecap="round"/>`).join("");
      return paper(ctx, P.mint) +
        blurred(ctx, 30, `<rect x="470" y="120" width="700" height="720" rx="20" fill="#2a2217" opacity=".2" transform="rotate(-4 820 480) translate(20 26)"/>`) +
        `<g transform="rotate(-4 820 480)"><rect x="450" y="110" width="700" height="720" rx="20" fill="${P.paper}"/>` +
        `<text x="500" y="200" font-family="Brand Sans" font-weight="700" font-size="46" fill="${P.forest}">Supplement Facts</text><rect x="500" y="222" width="600" height="8" fill="${P.forest}"/>${rows}` +
        `<rect x="500" y="760" width="600" height="4" fill="${P.forest}" opacity=".5"/></g>` +
        `<g transform="translate(1150 640) rotate(-28)">${blurred(ctx, 16, `<rect x="-230" y="-10" width="460" height="120" rx="60" fill="#2a2217" opacity=".25"/>`)}${capsule(ctx, LINES.ds01, { length: 460 })}</g>` +
        `<g transform="translate(300 700) rotate(-50)"><rect x="-20" y="-360" width="40" height="380" fill="${P.ochre}"/><polygon points="-20,20 20,20 0,70" fill="#e9d3b0"/><polygon points="-6,54 6,54 0,70" fill="${P.ink}"/><rect x="-20" y="-400" width="40" height="44" fill="${P.clay}"/></g>`;
    },
  },
  "fibre-and-your-gut": {
    alt: "Illustration from above: a bowl of oats with sliced apple, beside lentils, a leek, an artichoke and a heap of chickpeas on a cream table.",
    draw(ctx) {
      const bowl = (x, y, rad, fillColor, inner) => blurred(ctx, 24, `<circle cx="${x + 20}" cy="${y + 26}" r="${rad}" fill="#2a2217" opacity=".22"/>`) + `<circle cx="${x}" cy="${y}" r="${rad}" fill="${P.paper}"/><circle cx="${x}" cy="${y}" r="${rad * 0.82}" fill="${fillColor}"/>${inner}`;
      const rnd = ctx.random;
      const oats = Array.from({ length: 90 }, () => { const a = rnd.range(0, 6.28); const d = Math.sqrt(rnd.next()) * 170; return `<ellipse cx="${r(520 + Math.cos(a) * d)}" cy="${r(420 + Math.sin(a) * d)}" rx="16" ry="9" transform="rotate(${r(rnd.range(0, 180))} ${r(520 + Math.cos(a) * d)} ${r(420 + Math.sin(a) * d)})" fill="${mix("#e8d3a8", "#c9a46a", rnd.next())}"/>`; }).join("");
      const apple = [0, 1, 2].map((i) => `<path d="M${480 + i * 50} 330 a70 70 0 0 1 100 40 l-100 -40 z" fill="#f3e6c8" stroke="${P.clay}" stroke-width="8"/>`).join("");
      const lentils = Array.from({ length: 110 }, () => { const a = rnd.range(0, 6.28); const d = Math.sqrt(rnd.next()) * 120; return `<circle cx="${r(1060 + Math.cos(a) * d)}" cy="${r(300 + Math.sin(a) * d)}" r="11" fill="${mix(P.clay, P.ochre, rnd.next())}"/>`; }).join("");
      const chickpeas = Array.from({ length: 40 }, () => `<circle cx="${r(rnd.range(1080, 1380))}" cy="${r(rnd.range(620, 780))}" r="22" fill="#e7c58e" stroke="#c9a46a" stroke-width="3"/>`).join("");
      return paper(ctx) + bowl(520, 420, 250, "#f0e2c4", oats + apple) + bowl(1060, 300, 160, "#efe3cf", lentils) +
        `<g transform="translate(700 800) rotate(-70)"><rect x="-40" y="-520" width="80" height="420" rx="30" fill="#f2efe2"/><rect x="-40" y="-120" width="80" height="60" fill="#e4ecd2"/>${[0, 1, 2].map((i) => `<path d="M${-40 + i * 30} -100 q${-30 + i * 30} 120 ${-10 + i * 10} 260" stroke="${P.sage}" stroke-width="40" fill="none" stroke-linecap="round"/>`).join("")}</g>` +
        `<g transform="translate(1380 330)">${Array.from({ length: 9 }, (_, i) => `<g transform="rotate(${i * 40})"><path d="M0 0 C40 -40 40 -120 0 -150 C-40 -120 -40 -40 0 0 Z" fill="${mix(P.sage, P.forest, (i % 3) / 3)}"/></g>`).join("")}<circle r="40" fill="${P.forest}"/></g>` +
        blurred(ctx, 18, `<ellipse cx="1240" cy="720" rx="180" ry="100" fill="#2a2217" opacity=".15"/>`) + chickpeas;
    },
  },
  "antibiotics-and-the-microbiome": {
    alt: "Illustration: a blister strip of white antibiotic tablets on one side, and on the other a patch of microbes regrowing among young green sprouts.",
    draw(ctx) {
      const blister = Array.from({ length: 8 }, (_, i) => `<ellipse cx="${260 + (i % 4) * 120}" cy="${360 + Math.floor(i / 4) * 170}" rx="46" ry="62" fill="#ffffff" stroke="#cfcfc8" stroke-width="4"/><ellipse cx="${250 + (i % 4) * 120}" cy="${340 + Math.floor(i / 4) * 170}" rx="14" ry="22" fill="#fff" opacity=".9"/>`).join("");
      const sprouts = Array.from({ length: 7 }, (_, i) => `<g transform="translate(${980 + i * 80} ${720 - (i % 2) * 30})">${leaf(ctx, { len: 150 + (i % 3) * 40, width: 0.6, color: "#6f9a62" })}<g transform="rotate(50)">${leaf(ctx, { len: 110, width: 0.6, color: P.sage })}</g></g>`).join("");
      return paper(ctx) +
        blurred(ctx, 24, `<rect x="170" y="250" width="540" height="400" rx="26" fill="#2a2217" opacity=".2" transform="translate(20 24)"/>`) +
        `<rect x="170" y="250" width="540" height="400" rx="26" fill="#e3e4e0"/><rect x="170" y="250" width="540" height="400" rx="26" fill="none" stroke="#fff" stroke-width="6" opacity=".7"/>${blister}` +
        `<path d="M760 450 C840 380 880 520 960 450" stroke="${P.sage}" stroke-width="10" fill="none" stroke-dasharray="2 22" stroke-linecap="round"/>` +
        blurred(ctx, 40, `<ellipse cx="1200" cy="640" rx="360" ry="200" fill="${P.mint}" opacity=".9"/>`) +
        microbeField(ctx, 1200, 560, 230, 26, [P.sage, P.forest, P.ochre, P.clay]) + sprouts +
        `<rect x="900" y="740" width="620" height="40" rx="20" fill="#c9a27a" opacity=".6"/>`;
    },
  },
  "kids-and-gut-health": {
    alt: "Illustration from above: a child's bento lunchbox with a wholegrain sandwich, apple slices, carrot sticks, berries and a pot of yoghurt.",
    draw(ctx) {
      const box = `<rect x="260" y="130" width="1080" height="640" rx="60" fill="${P.sage}"/><rect x="290" y="160" width="1020" height="580" rx="44" fill="${P.paper}"/>`;
      const comp = `<line x1="800" y1="160" x2="800" y2="740" stroke="${P.sand}" stroke-width="14"/><line x1="800" y1="450" x2="1310" y2="450" stroke="${P.sand}" stroke-width="14"/>`;
      const sandwich = [0, 1].map((i) => `<g transform="translate(${410 + i * 200} ${330 + i * 150}) rotate(${i ? 12 : -8})">${blurred(ctx, 10, `<path d="M-150 120 L0 -150 L150 120 Z" fill="#2a2217" opacity=".18" transform="translate(10 14)"/>`)}<path d="M-150 120 L0 -150 L150 120 Z" fill="#d9b27a"/><path d="M-120 100 L0 -115 L120 100 Z" fill="#f3e2bf"/><path d="M-118 96 L118 96" stroke="#7da05f" stroke-width="14"/></g>`).join("");
      const carrots = Array.from({ length: 5 }, (_, i) => `<rect x="${860 + i * 60}" y="200" width="34" height="200" rx="17" fill="#e59a4f" transform="rotate(${-6 + i * 3} ${877 + i * 60} 300)"/>`).join("");
      const apples = Array.from({ length: 4 }, (_, i) => `<path d="M${880 + i * 90} 520 a90 90 0 0 1 120 110 l-120 -110 z" fill="#f4ead2" stroke="#c5523f" stroke-width="10" transform="rotate(${i * 8} ${940 + i * 90} 580)"/>`).join("");
      const berries = Array.from({ length: 9 }, (_, i) => `<circle cx="${1150 + (i % 3) * 44}" cy="${560 + Math.floor(i / 3) * 44}" r="22" fill="#5a4a8a"/><circle cx="${1144 + (i % 3) * 44}" cy="${552 + Math.floor(i / 3) * 44}" r="6" fill="#fff" opacity=".5"/>`).join("");
      return paper(ctx, "#f4efe4") + blurred(ctx, 30, `<rect x="280" y="160" width="1080" height="640" rx="60" fill="#2a2217" opacity=".25"/>`) + box + comp + sandwich + carrots + apples + berries +
        `<circle cx="1480" cy="780" r="120" fill="${P.paper}" stroke="${P.ochre}" stroke-width="14"/><circle cx="1480" cy="780" r="90" fill="#fbf6ea"/>`;
    },
  },
  "vaginal-microbiome-basics": {
    alt: "Abstract illustration: soft rose and blush forms with long rod-shaped lactobacilli drifting through them, in a calm, balanced pattern.",
    draw(ctx) {
      const blobs = [[420, 420, 360, "#efc9cc"], [1100, 380, 420, "#f5dcd8"], [820, 700, 300, "#e6b4b9"]].map(([x, y, rad, c]) => blurred(ctx, 2, `<ellipse cx="${x}" cy="${y}" rx="${rad}" ry="${rad * 0.7}" fill="${c}" opacity=".9"/>`)).join("");
      const rods = Array.from({ length: 22 }, (_, i) => microbe(ctx, "rod", 200 + ((i * 173) % 1200), 150 + ((i * 97) % 600), 44 + (i % 4) * 8, i % 3 ? LINES.vs01.inner : LINES.vs01.cap, (i * 37) % 180)).join("");
      return paper(ctx, "#f8eeeb") + blobs + blurred(ctx, 8, `<g opacity=".4">${rods}</g>`) + `<g transform="translate(40 30)">${rods}</g>` +
        `<path d="M0 760 C400 640 800 880 1600 700" stroke="${LINES.vs01.cap}" stroke-width="6" fill="none" opacity=".35"/>`;
    },
  },
  "the-gut-skin-axis": {
    alt: "Illustration: a cross-section of skin in layered peach tones with microbes on its surface, linked by a dotted line to a looping gut below.",
    draw(ctx) {
      const layers = ["#f3d9c4", "#e9c3a6", "#dcae8d", "#c99373"].map((c, i) => `<path d="M0 ${300 + i * 90} C300 ${270 + i * 90} 500 ${340 + i * 90} 800 ${300 + i * 90} S1300 ${260 + i * 90} 1600 ${300 + i * 90} V900 H0 Z" fill="${c}"/>`).join("");
      const cells = Array.from({ length: 26 }, (_, i) => `<ellipse cx="${40 + i * 62}" cy="${410 + (i % 2) * 14}" rx="26" ry="14" fill="#fff" opacity=".25"/>`).join("");
      const surface = Array.from({ length: 18 }, (_, i) => microbe(ctx, i % 3 ? "coccus" : "rod", 80 + i * 86, 276 + Math.sin(i) * 20, 36, [P.sage, P.clay, P.ochre][i % 3], (i * 31) % 180)).join("");
      const gut = `<path d="M560 800 C560 680 760 680 760 780 S960 880 960 760 S1160 660 1160 800" stroke="${P.forest}" stroke-width="48" fill="none" stroke-linecap="round" opacity=".85"/>`;
      return paper(ctx) + layers + cells + blurred(ctx, 10, `<path d="M0 300 C300 270 500 340 800 300 S1300 260 1600 300" stroke="#fff" stroke-width="10" fill="none" opacity=".6"/>`) + surface + gut +
        `<path d="M1240 300 C1300 500 1200 640 1160 760" stroke="${P.forest}" stroke-width="8" stroke-dasharray="4 22" stroke-linecap="round" fill="none"/>`;
    },
  },
  "why-capsule-design-matters": {
    alt: "Illustration: a large capsule cut away to show the inner capsule nested inside the outer one, with callout lines labelling each layer.",
    draw(ctx) {
      const big = capsule(ctx, LINES.ds01, { length: 1000, cut: true });
      const callout = (x1, y1, x2, y2, text) => `<circle cx="${x1}" cy="${y1}" r="10" fill="${P.forest}"/><path d="M${x1} ${y1} L${x2} ${y2} H${x2 + 40}" stroke="${P.forest}" stroke-width="4" fill="none"/><text x="${x2 + 56}" y="${y2 + 12}" font-family="Brand Sans" font-weight="500" font-size="36" fill="${P.forest}">${text}</text>`;
      return paper(ctx, P.mint) + blurred(ctx, 34, `<rect x="-480" y="-80" width="960" height="300" rx="150" fill="#2a2217" opacity=".22" transform="translate(780 470) rotate(-8)"/>`) +
        `<g transform="translate(760 430) rotate(-8)">${big}</g>` +
        callout(420, 360, 300, 160, "Outer capsule: prebiotic") + callout(760, 430, 900, 170, "Inner capsule: probiotic") + callout(1120, 490, 1000, 760, "Made to pass stomach acid");
    },
  },
};

export const ARTICLE_COVERS = Object.keys(COVERS);

export function articleCover(slug) {
  const cover = COVERS[slug];
  if (!cover) throw new Error(`no cover drawn for article ${slug}: add one to scripts/make-photos/articles.mjs`);
  const ctx = scene(W, H, `article-${slug}`);
  return { alt: cover.alt, svg: ctx.toSvg(cover.draw(ctx) + finish(ctx, 0.04)) };
}

