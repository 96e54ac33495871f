import type { Random } from "./random";
import { n } from "./svg";

// The demo catalogue's scenes (catalogue.ts): one per category, drawn on the right of a 1200×675
// poster, with the title column on the left kept clear.

const W = 1200;
const H = 675;

/** A category's colours: background stops from the dark lower-left corner to the bright upper-right. */
export interface ScenePalette {
  bg: [string, string, string];
  accent: string;
  /** Colours for confetti and secondary shapes. */
  pop: string[];
}

/** Gradients the scenes reference. */
export const SCENE_DEFS = `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;

// --- decoration building blocks -------------------------------------------------------------

/**
 * A soft glow from stacked translucent discs: librsvg draws these several times faster than a
 * radial gradient of the same size, which keeps seeding quick.
 */
function glow(cx: number, cy: number, r: number, color: string, opacity = 1): string {
  const steps = 9;
  let discs = "";
  for (let i = 0; i < steps; i++) discs += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * Math.sqrt(1 - i / steps))}"/>`;
  return `<g fill="${color}" fill-opacity="${n(opacity * 7) / 100}">${discs}</g>`;
}

function rings(cx: number, cy: number, count: number, r0: number, step: number, color: string, opacity: number, width = 2): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r0 + i * step)}" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="${n(opacity * (1 - i / (count + 1)) * 100) / 100}"/>`;
  }
  return out;
}

/** Stage-light beams fanning down from points above the frame. */
function beams(random: Random, count: number, opacity: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = random.range(380, 1180);
    const angle = random.range(-0.55, 0.55);
    const spread = random.range(0.07, 0.14);
    const len = 900;
    const ax = x + Math.sin(angle - spread) * len;
    const bx = x + Math.sin(angle + spread) * len;
    const ay = Math.cos(angle - spread) * len;
    const by = Math.cos(angle + spread) * len;
    out += `<polygon points="${n(x)},-10 ${n(ax)},${n(ay)} ${n(bx)},${n(by)}" fill="url(#beam)" fill-opacity="${opacity}"/>`;
  }
  return out;
}

function confetti(random: Random, count: number, colors: string[], area = { x0: 420, x1: 1180, y0: 20, y1: 560 }): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = random.range(area.x0, area.x1);
    const y = random.range(area.y0, area.y1);
    const color = random.pick(colors);
    const opacity = n(random.range(0.55, 0.95) * 100) / 100;
    if (random.next() < 0.6) {
      const w = random.range(8, 18);
      const h = random.range(4, 8);
      out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="1.5" fill="${color}" fill-opacity="${opacity}" transform="rotate(${Math.round(random.range(0, 180))} ${n(x)} ${n(y)})"/>`;
    } else {
      out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(random.range(3, 7))}" fill="${color}" fill-opacity="${opacity}"/>`;
    }
  }
  return out;
}

/** Layered filled waves rising from the bottom edge. */
function waves(random: Random, layers: number, baseY: number, color: string, opacity: number): string {
  let out = "";
  for (let i = 0; i < layers; i++) {
    const y = baseY + i * 38;
    const amp = random.range(18, 42);
    const phase = random.range(0, 300);
    let d = `M0 ${n(y)}`;
    for (let x = -phase; x < W + 300; x += 300) {
      d += ` C${n(x + 100)} ${n(y - amp)} ${n(x + 200)} ${n(y + amp)} ${n(x + 300)} ${n(y)}`;
    }
    d += ` L${W + 300} ${H} L0 ${H} Z`;
    out += `<path d="${d}" fill="${color}" fill-opacity="${n(opacity * (0.6 + i * 0.25) * 100) / 100}"/>`;
  }
  return out;
}

/** Synthwave-style floor grid converging on a vanishing point. */
function perspectiveGrid(horizonY: number, vanishX: number, color: string, opacity: number): string {
  let lines = "";
  for (let i = -14; i <= 14; i++) {
    lines += `<line x1="${vanishX}" y1="${horizonY}" x2="${vanishX + i * 140}" y2="${H}"/>`;
  }
  for (let k = 1; k <= 9; k++) {
    const y = horizonY + (H - horizonY) * Math.pow(k / 9, 1.8);
    lines += `<line x1="0" y1="${n(y)}" x2="${W}" y2="${n(y)}"/>`;
  }
  return `<g stroke="${color}" stroke-width="1.5" stroke-opacity="${opacity}">${lines}</g>`;
}

function flatGrid(step: number, color: string, opacity: number): string {
  let lines = "";
  for (let x = step; x < W; x += step) lines += `<line x1="${x}" y1="0" x2="${x}" y2="${H}"/>`;
  for (let y = step; y < H; y += step) lines += `<line x1="0" y1="${y}" x2="${W}" y2="${y}"/>`;
  return `<g stroke="${color}" stroke-width="1" stroke-opacity="${opacity}">${lines}</g>`;
}

function dotGrid(x0: number, y0: number, cols: number, rows: number, gap: number, r: number, color: string, opacity: number): string {
  let dots = "";
  for (let c = 0; c < cols; c++) {
    for (let row = 0; row < rows; row++) dots += `<circle cx="${x0 + c * gap}" cy="${y0 + row * gap}" r="${r}"/>`;
  }
  return `<g fill="${color}" fill-opacity="${opacity}">${dots}</g>`;
}

/** Circuit traces: right-angled lines ending in nodes. */
function circuit(random: Random, count: number, color: string): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    let x = random.range(560, 1180);
    let y = random.range(40, 620);
    let d = `M${n(x)} ${n(y)}`;
    const steps = 2 + Math.floor(random.next() * 3);
    for (let s = 0; s < steps; s++) {
      if (s % 2 === 0) x += random.range(-160, 160);
      else y += random.range(-120, 120);
      d += ` L${n(x)} ${n(y)}`;
    }
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="3" stroke-opacity="0.45"/>`;
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="7" fill="none" stroke="${color}" stroke-width="3" stroke-opacity="0.8"/>`;
  }
  return out;
}

/** Diagonal speed stripes. */
function stripes(random: Random, count: number, colors: string[]): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = random.range(450, 1250);
    const w = random.range(14, 60);
    const color = random.pick(colors);
    out += `<polygon points="${n(x)},0 ${n(x + w)},0 ${n(x + w - 420)},${H} ${n(x - 420)},${H}" fill="${color}" fill-opacity="${n(random.range(0.08, 0.3) * 100) / 100}"/>`;
  }
  return out;
}

function starburst(cx: number, cy: number, rays: number, length: number, color: string, opacity: number): string {
  let out = "";
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    const b = a + Math.PI / rays;
    out += `<polygon points="${cx},${cy} ${n(cx + Math.cos(a) * length)},${n(cy + Math.sin(a) * length)} ${n(cx + Math.cos(b) * length)},${n(cy + Math.sin(b) * length)}"/>`;
  }
  return `<g fill="${color}" fill-opacity="${opacity}">${out}</g>`;
}

function star(cx: number, cy: number, r: number, color: string, opacity: number): string {
  let points = "";
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points += `${n(cx + Math.cos(a) * rr)},${n(cy + Math.sin(a) * rr)} `;
  }
  return `<polygon points="${points.trim()}" fill="${color}" fill-opacity="${opacity}"/>`;
}

function sparkle(cx: number, cy: number, r: number, color: string): string {
  const k = r * 0.18;
  return `<path d="M${cx} ${cy - r} Q${cx + k} ${cy - k} ${cx + r} ${cy} Q${cx + k} ${cy + k} ${cx} ${cy + r} Q${cx - k} ${cy + k} ${cx - r} ${cy} Q${cx - k} ${cy - k} ${cx} ${cy - r}Z" fill="${color}" fill-opacity="0.9"/>`;
}

function equaliser(random: Random, x0: number, baseY: number, bars: number, color: string): string {
  let out = "";
  for (let i = 0; i < bars; i++) {
    const h = random.range(30, 190) * (0.6 + 0.4 * Math.sin((i / bars) * Math.PI));
    out += `<rect x="${n(x0 + i * 26)}" y="${n(baseY - h)}" width="16" height="${n(h)}" rx="4"/>`;
  }
  return `<g fill="${color}" fill-opacity="0.35">${out}</g>`;
}

// --- per-category scenes -----------------------------------------------------------------------

type Scene = (random: Random, p: ScenePalette) => string;

export const SCENES: Record<string, Scene> = {
  music: (random, p) => {
    const cx = random.range(960, 1010);
    const cy = random.range(250, 330);
    return [
      beams(random, 5, 0.45),
      glow(cx, cy, 420, p.accent, 0.8),
      `<circle cx="${cx}" cy="${cy}" r="215" fill="#000" fill-opacity="0.35"/>`,
      rings(cx, cy, 9, 70, 18, "#fff", 0.35, 2),
      `<circle cx="${cx}" cy="${cy}" r="58" fill="${p.accent}" fill-opacity="0.9"/><circle cx="${cx}" cy="${cy}" r="8" fill="${p.bg[0]}"/>`,
      equaliser(random, 560, H, 24, "#fff"),
      confetti(random, 18, p.pop),
    ].join("");
  },
  comedy: (random, p) => {
    const cx = random.range(920, 1000);
    const cy = random.range(260, 320);
    return [
      starburst(cx, cy, 18, 1100, "#fff", 0.09),
      glow(cx, cy, 380, "#fff", 0.7),
      `<circle cx="${cx}" cy="${cy}" r="190" fill="${p.accent}" fill-opacity="0.22"/>`,
      `<circle cx="${cx}" cy="${cy}" r="120" fill="${p.accent}" fill-opacity="0.3"/>`,
      // A stand-up microphone silhouette.
      `<g transform="translate(${cx} ${cy - 70}) rotate(-18)" fill="#1b1b1b" fill-opacity="0.85">
        <rect x="-34" y="-70" width="68" height="110" rx="34"/>
        <rect x="-12" y="36" width="24" height="190" rx="10"/>
        <g stroke="#555" stroke-width="3" stroke-opacity="0.9"><line x1="-30" y1="-42" x2="30" y2="-42"/><line x1="-34" y1="-18" x2="34" y2="-18"/><line x1="-32" y1="6" x2="32" y2="6"/></g>
      </g>`,
      confetti(random, 34, p.pop),
    ].join("");
  },
  arts: (random, p) => {
    let blobs = "";
    for (let i = 0; i < 5; i++) {
      blobs += `<circle cx="${n(random.range(650, 1150))}" cy="${n(random.range(60, 560))}" r="${n(random.range(90, 220))}" fill="${random.pick(p.pop)}" fill-opacity="${n(random.range(0.18, 0.4) * 100) / 100}"/>`;
    }
    let strokes = "";
    for (let i = 0; i < 3; i++) {
      const y = random.range(120, 520);
      strokes += `<path d="M${n(random.range(520, 700))} ${n(y)} C${n(random.range(700, 850))} ${n(y - 140)} ${n(random.range(900, 1000))} ${n(y + 140)} ${n(random.range(1100, 1260))} ${n(y - 30)}" fill="none" stroke="${random.pick(p.pop)}" stroke-width="${n(random.range(14, 34))}" stroke-linecap="round" stroke-opacity="0.55"/>`;
    }
    return [
      glow(random.range(800, 1000), 300, 450, p.accent, 0.5),
      blobs,
      strokes,
      dotGrid(random.range(880, 960), 420, 8, 5, 26, 3.5, "#fff", 0.5),
    ].join("");
  },
  technology: (random, p) =>
    [
      perspectiveGrid(400, random.range(760, 900), p.accent, 0.35),
      glow(random.range(820, 960), 380, 380, p.accent, 0.7),
      `<circle cx="${random.range(860, 960)}" cy="260" r="150" fill="none" stroke="${p.accent}" stroke-width="3" stroke-opacity="0.55"/>`,
      `<polygon points="880,120 1010,195 1010,345 880,420 750,345 750,195" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="0.3" transform="translate(${n(random.range(-30, 60))} 0)"/>`,
      circuit(random, 7, p.accent),
      dotGrid(640, 60, 14, 3, 28, 2.5, "#fff", 0.35),
    ].join(""),
  business: (random, p) => {
    let bars = "";
    let linePoints = "";
    for (let i = 0; i < 6; i++) {
      const h = 90 + i * 55 + random.range(-25, 25);
      const x = 640 + i * 88;
      bars += `<rect x="${x}" y="${n(H - 70 - h)}" width="56" height="${n(h)}" rx="6"/>`;
      linePoints += `${x + 28},${n(H - 110 - h)} `;
    }
    const last = linePoints.trim().split(" ").at(-1)!.split(",");
    return [
      flatGrid(60, "#fff", 0.07),
      glow(random.range(900, 1050), 160, 380, p.accent, 0.55),
      `<g fill="#fff" fill-opacity="0.16">${bars}</g>`,
      `<polyline points="${linePoints.trim()}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.9"/>`,
      `<circle cx="${last[0]}" cy="${last[1]}" r="14" fill="${p.accent}"/>`,
      rings(1080, 150, 4, 60, 34, "#fff", 0.25, 2),
    ].join("");
  },
  entertainment: (random, p) => {
    let stars = "";
    for (let i = 0; i < 6; i++) stars += star(random.range(560, 1160), random.range(60, 520), random.range(14, 34), random.pick(p.pop), 0.85);
    return [
      beams(random, 7, 0.4),
      glow(random.range(820, 980), 560, 480, p.accent, 0.65),
      rings(random.range(900, 1000), 720, 6, 180, 60, p.accent, 0.5, 4),
      stars,
      sparkle(random.range(700, 800), random.range(120, 200), 30, "#fff"),
      sparkle(random.range(1050, 1130), random.range(380, 460), 22, "#fff"),
      confetti(random, 40, p.pop),
    ].join("");
  },
  sports: (random, p) => {
    const cx = random.range(960, 1010);
    const cy = random.range(280, 340);
    return [
      stripes(random, 9, ["#fff", p.accent]),
      glow(cx, cy, 360, p.accent, 0.6),
      `<circle cx="${cx}" cy="${cy}" r="170" fill="none" stroke="#fff" stroke-width="10" stroke-opacity="0.5"/>`,
      `<path d="M${cx - 170} ${cy} Q${cx} ${cy - 110} ${cx + 170} ${cy} M${cx - 170} ${cy} Q${cx} ${cy + 110} ${cx + 170} ${cy} M${cx} ${cy - 170} L${cx} ${cy + 170}" fill="none" stroke="#fff" stroke-width="6" stroke-opacity="0.4"/>`,
      // Running-track lanes sweeping across the floor.
      `<g fill="none" stroke="#fff" stroke-width="4" stroke-opacity="0.22">${[0, 1, 2, 3, 4]
        .map((i) => `<ellipse cx="${W / 2 + 200}" cy="${H + 240}" rx="${760 + i * 60}" ry="${300 + i * 40}"/>`)
        .join("")}</g>`,
    ].join("");
  },
  education: (random, p) => {
    let shapes = "";
    for (let i = 0; i < 7; i++) {
      const x = random.range(600, 1150);
      const y = random.range(60, 560);
      const s = random.range(30, 90);
      const color = random.pick(p.pop);
      const kind = i % 3;
      const rot = Math.round(random.range(0, 90));
      if (kind === 0) shapes += `<polygon points="${n(x)},${n(y - s)} ${n(x + s)},${n(y + s * 0.8)} ${n(x - s)},${n(y + s * 0.8)}" fill="none" stroke="${color}" stroke-width="5" stroke-opacity="0.7" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
      else if (kind === 1) shapes += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.7)}" fill="${color}" fill-opacity="0.35"/>`;
      else shapes += `<rect x="${n(x - s / 2)}" y="${n(y - s / 2)}" width="${n(s)}" height="${n(s)}" fill="none" stroke="${color}" stroke-width="5" stroke-opacity="0.6" transform="rotate(${rot} ${n(x)} ${n(y)})"/>`;
    }
    return [
      dotGrid(40, 30, 40, 22, 30, 1.8, "#fff", 0.14),
      glow(random.range(850, 1000), 300, 420, p.accent, 0.55),
      // An open book.
      `<g transform="translate(${n(random.range(1000, 1025))} 330)">
        <path d="M0 -20 C-70 -70 -170 -70 -220 -40 L-220 130 C-170 100 -70 100 0 150 Z" fill="#fff" fill-opacity="0.64"/>
        <path d="M0 -20 C70 -70 170 -70 220 -40 L220 130 C170 100 70 100 0 150 Z" fill="#fff" fill-opacity="0.52"/>
        <g stroke="${p.bg[1]}" stroke-width="4" stroke-opacity="0.4"><line x1="-180" y1="-10" x2="-40" y2="10"/><line x1="-180" y1="25" x2="-40" y2="45"/><line x1="-180" y1="60" x2="-40" y2="80"/><line x1="40" y1="10" x2="180" y2="-10"/><line x1="40" y1="45" x2="180" y2="25"/><line x1="40" y1="80" x2="180" y2="60"/></g>
      </g>`,
      shapes,
    ].join("");
  },
  health: (random, p) => {
    const sx = random.range(880, 1020);
    let leaves = "";
    for (let i = 0; i < 5; i++) {
      const x = random.range(640, 1160);
      const y = random.range(80, 420);
      leaves += `<path d="M0 0 C30 -40 80 -40 110 0 C80 40 30 40 0 0Z" fill="${random.pick(p.pop)}" fill-opacity="0.45" transform="translate(${n(x)} ${n(y)}) rotate(${Math.round(random.range(-60, 60))})"/>`;
    }
    return [
      glow(sx, 230, 420, p.accent, 0.8),
      `<circle cx="${sx}" cy="230" r="120" fill="${p.accent}" fill-opacity="0.75"/>`,
      rings(sx, 230, 5, 150, 36, "#fff", 0.35, 2),
      leaves,
      waves(random, 3, 470, "#fff", 0.16),
    ].join("");
  },
  food: (random, p) => {
    const cx = random.range(950, 975);
    const cy = random.range(290, 320);
    return [
      dotGrid(620, 40, 20, 2, 30, 3, "#fff", 0.25),
      glow(cx, cy, 380, p.accent, 0.65),
      `<circle cx="${cx}" cy="${cy}" r="172" fill="#fff" fill-opacity="0.9"/>`,
      `<circle cx="${cx}" cy="${cy}" r="128" fill="none" stroke="${p.bg[1]}" stroke-width="3" stroke-opacity="0.35"/>`,
      `<circle cx="${cx}" cy="${cy}" r="152" fill="none" stroke="${p.bg[1]}" stroke-width="3" stroke-dasharray="4 10" stroke-opacity="0.35"/>`,
      `<circle cx="${cx}" cy="${cy}" r="95" fill="${p.accent}" fill-opacity="0.75"/>`,
      `<circle cx="${cx - 26}" cy="${cy - 22}" r="30" fill="${p.pop[2]}" fill-opacity="0.8"/><circle cx="${cx + 34}" cy="${cy + 8}" r="23" fill="${p.bg[1]}" fill-opacity="0.7"/><circle cx="${cx - 4}" cy="${cy + 42}" r="18" fill="${p.pop[1]}" fill-opacity="0.9"/>`,
      // Fork beside the plate.
      `<g fill="#fff" fill-opacity="0.85"><rect x="${cx + 200}" y="${cy - 140}" width="12" height="280" rx="6"/><rect x="${cx + 183}" y="${cy - 140}" width="5" height="80" rx="2.5"/><rect x="${cx + 224}" y="${cy - 140}" width="5" height="80" rx="2.5"/></g>`,
      waves(random, 2, 560, p.bg[0], 0.4),
    ].join("");
  },
  "ongoing-business": (random, p) => {
    let arches = "";
    for (let i = 0; i < 4; i++) {
      const x = 660 + i * 140;
      arches += `<path d="M${x} ${H} L${x} 300 A60 60 0 0 1 ${x + 120} 300 L${x + 120} ${H}" fill="#000" fill-opacity="0.18"/>`;
      arches += `<path d="M${x} ${H} L${x} 300 A60 60 0 0 1 ${x + 120} 300 L${x + 120} ${H}" fill="none" stroke="${p.accent}" stroke-width="3" stroke-opacity="0.7"/>`;
    }
    return [
      glow(random.range(850, 1000), 200, 420, p.accent, 0.6),
      rings(920, 140, 3, 60, 20, p.accent, 0.6, 2),
      arches,
      `<line x1="620" y1="250" x2="1200" y2="250" stroke="${p.accent}" stroke-width="2" stroke-opacity="0.5"/>`,
      `<g fill="${p.accent}" fill-opacity="0.9">${[0, 1, 2, 3, 4].map((i) => `<circle cx="${720 + i * 140}" cy="540" r="5"/>`).join("")}</g>`,
    ].join("");
  },
  other: (random, p) =>
    [
      glow(random.range(850, 1000), 260, 420, p.accent, 0.7),
      rings(random.range(900, 1000), random.range(240, 320), 6, 60, 40, "#fff", 0.4, 3),
      waves(random, 3, 480, "#fff", 0.14),
      confetti(random, 26, p.pop),
      sparkle(random.range(700, 780), 140, 26, "#fff"),
    ].join(""),
};

