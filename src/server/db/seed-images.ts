import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { rename } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import sharp, { type Sharp } from "sharp";
import { BRAND } from "../../domain/brand";
import { EVENT_IMAGE_SIZES, eventImageFileName } from "../../domain/event-images";

/**
 * Promotional posters for the demo catalogue, drawn locally from SVG with sharp (never fetched),
 * so a fresh machine shows real-looking event images offline. Each poster is WebP in the three widths
 * of every stored event image (`-1200`, `-800`, `-600`; see domain/event-images).
 */

export interface PosterSpec {
  title: string;
  category: string;
  /** Small line above the title, e.g. "Northern Sounds presents". */
  kicker?: string;
  /** Accent line under the title, e.g. "Sat, 14 Mar 2026 · 19:30" or "Open daily · 08:00–17:00". */
  dateLine: string;
  /** Last line, e.g. "O2 Academy Brixton · London". */
  venueLine: string;
}

export const POSTER_SIZE = EVENT_IMAGE_SIZES.at(-1)!;
/** Bump when the drawing changes, so posters already on disk are redrawn. */
const DESIGN_VERSION = 2;
// The fastest encoder effort: about four times quicker than sharp's default (4), for files about
// 30% larger (~40 KB at 1200×675), which keeps first start-up seeding within a few seconds.
const WEBP = { quality: 78, effort: 0 } as const;

const W = POSTER_SIZE.width;
const H = POSTER_SIZE.height;
const TITLE_FONT = "'DejaVu Sans Condensed', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
/** Width of the title column: the scenes keep their main shape to the right of it. */
const TITLE_COLUMN = 720;
const BODY_FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** Renders every poster not yet on disk into `mediaDir/seed/`; returns their URLs in input order. */
export async function generateSeedPosters({
  mediaDir,
  posters,
  concurrency = Math.min(4, availableParallelism()),
}: {
  mediaDir: string;
  posters: readonly PosterSpec[];
  concurrency?: number;
}): Promise<string[]> {
  const dir = join(mediaDir, "seed");
  mkdirSync(dir, { recursive: true });
  const names = posters.map(posterFileName);
  let next = 0;
  const worker = async () => {
    while (next < posters.length) {
      const index = next++;
      await writePoster(dir, names[index]!, posters[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return names.map((name) => `/media/seed/${eventImageFileName(name, POSTER_SIZE.width)}`);
}

/**
 * The file name carries a hash of what is drawn, so an existing file is reused only when it shows
 * exactly this poster (a reseed on another day draws new dates instead of reusing stale ones).
 */
export function posterFileName(spec: PosterSpec): string {
  const slug = spec.title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/, "");
  const hash = createHash("sha256").update(`${DESIGN_VERSION}|${JSON.stringify(spec)}`).digest("hex").slice(0, 8);
  return `${slug || "event"}-${hash}`;
}

async function writePoster(dir: string, name: string, spec: PosterSpec): Promise<void> {
  const paths = EVENT_IMAGE_SIZES.map((size) => ({ ...size, path: join(dir, eventImageFileName(name, size.width)) }));
  if (paths.every(({ path }) => existsSync(path))) return;
  // Rasterise the SVG once, then encode every width from the same pixels.
  const { data, info } = await sharp(Buffer.from(await posterSvg(spec)))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  // Written under a unique temporary name and renamed, so neither a crash nor a second seeder running
  // at the same moment can leave a half-written poster behind.
  const writeAtomically = async (image: Sharp, path: string) => {
    const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
    await image.toFile(temporary);
    await rename(temporary, path);
  };
  await Promise.all(
    paths.map(({ width, height, path }) =>
      writeAtomically(width === info.width ? sharp(data, raw).webp(WEBP) : sharp(data, raw).resize(width, height, { fit: "cover" }).webp(WEBP), path),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// Drawing

interface Palette {
  /** Background stops from the dark lower-left corner to the bright upper-right. */
  bg: [string, string, string];
  accent: string;
  /** Colours for confetti and secondary shapes. */
  pop: string[];
}

const PALETTES: Record<string, Palette[]> = {
  music: [
    { bg: ["#12022b", "#5b0fa8", "#ff2e88"], accent: "#ffd23f", pop: ["#ffd23f", "#4cc9f0", "#ff8fab"] },
    { bg: ["#070b24", "#3a0ca3", "#f72585"], accent: "#4cc9f0", pop: ["#4cc9f0", "#ffd166", "#b5179e"] },
  ],
  comedy: [
    { bg: ["#3a0b2e", "#d2411f", "#ffb703"], accent: "#fff3b0", pop: ["#fff3b0", "#ff006e", "#8ecae6"] },
    { bg: ["#2a0845", "#c9184a", "#ff9e00"], accent: "#ffe066", pop: ["#ffe066", "#48cae4", "#ffffff"] },
  ],
  arts: [
    { bg: ["#0b1d2a", "#136f63", "#e0a458"], accent: "#ffd6a5", pop: ["#ffd6a5", "#f28482", "#84a59d"] },
    { bg: ["#1f1033", "#a23b72", "#f18f01"], accent: "#fde2e4", pop: ["#fde2e4", "#2ec4b6", "#ffbf69"] },
  ],
  technology: [
    { bg: ["#020617", "#0b3b8c", "#06b6d4"], accent: "#67e8f9", pop: ["#67e8f9", "#a78bfa", "#ffffff"] },
    { bg: ["#050a30", "#1e3a8a", "#7c3aed"], accent: "#a5f3fc", pop: ["#a5f3fc", "#f0abfc", "#ffffff"] },
  ],
  business: [
    { bg: ["#0b1320", "#1c3d5a", "#3e7cb1"], accent: "#f4c95d", pop: ["#f4c95d", "#9ad1d4", "#ffffff"] },
    { bg: ["#0f1419", "#1f4e5f", "#2a9d8f"], accent: "#e9c46a", pop: ["#e9c46a", "#f4a261", "#ffffff"] },
  ],
  entertainment: [
    { bg: ["#12002b", "#8a0f7e", "#ff6b6b"], accent: "#ffe66d", pop: ["#ffe66d", "#4ecdc4", "#ffffff"] },
    { bg: ["#1a0010", "#7a0a2a", "#e63946"], accent: "#ffd166", pop: ["#ffd166", "#a8dadc", "#ffffff"] },
  ],
  sports: [
    { bg: ["#03170e", "#0b6e4f", "#3ccf75"], accent: "#f1fa3c", pop: ["#f1fa3c", "#ffffff", "#a7f3d0"] },
    { bg: ["#1b0a00", "#a33100", "#ff8c00"], accent: "#ffe45e", pop: ["#ffe45e", "#ffffff", "#ffb4a2"] },
  ],
  education: [
    { bg: ["#0a1931", "#185adb", "#43b0f1"], accent: "#ffc947", pop: ["#ffc947", "#ffffff", "#90e0ef"] },
    { bg: ["#15153a", "#4c2a85", "#6c63ff"], accent: "#ffd166", pop: ["#ffd166", "#06d6a0", "#ffffff"] },
  ],
  health: [
    { bg: ["#042f2c", "#0f766e", "#5eead4"], accent: "#fef08a", pop: ["#fef08a", "#ffffff", "#bbf7d0"] },
    { bg: ["#0d2b1d", "#2d6a4f", "#95d5b2"], accent: "#fff1c1", pop: ["#fff1c1", "#d8f3dc", "#ffd6a5"] },
  ],
  food: [
    { bg: ["#2b0f0a", "#9c2f12", "#f28c28"], accent: "#ffe0a3", pop: ["#ffe0a3", "#ffffff", "#90be6d"] },
    { bg: ["#1f0b12", "#8c1c3a", "#f4a261"], accent: "#fff0c2", pop: ["#fff0c2", "#e9c46a", "#2a9d8f"] },
  ],
  "ongoing-business": [
    { bg: ["#0a1712", "#1b4332", "#40916c"], accent: "#e9c46a", pop: ["#e9c46a", "#d8f3dc", "#ffffff"] },
    { bg: ["#120d08", "#3d2b1f", "#a47148"], accent: "#f2cc8f", pop: ["#f2cc8f", "#e07a5f", "#ffffff"] },
  ],
  other: [
    { bg: ["#1b1035", "#5b2a86", "#ff7a59"], accent: "#ffd6e0", pop: ["#ffd6e0", "#ffd166", "#7bdff2"] },
    { bg: ["#0f172a", "#334155", "#f97316"], accent: "#fde68a", pop: ["#fde68a", "#fb7185", "#ffffff"] },
  ],
};

const CATEGORY_LABELS: Record<string, string> = {
  music: "Live Music",
  comedy: "Comedy",
  arts: "Arts & Culture",
  technology: "Technology",
  business: "Business",
  entertainment: "Entertainment",
  sports: "Sport",
  education: "Learning",
  health: "Health & Wellbeing",
  food: "Food & Drink",
  "ongoing-business": "Local Business",
  other: "Events",
};

type Rng = () => number;

function rngFor(seed: string): Rng {
  let state = createHash("sha256").update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + rng() * (max - min);
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const r1 = (n: number) => Math.round(n * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Shared gradients the decorations reference. */
function baseDefs(): string {
  return `<linearGradient id="beam" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
}

// --- background and legibility overlay ------------------------------------------------------------
//
// Full-frame SVG gradients are the slowest thing librsvg draws here (about a third of each poster).
// The same smooth gradients come almost free as a tiny bitmap stretched over the frame, so the
// background and the darkening behind the text are drawn that way.

const GRID_W = 48;
const GRID_H = 27;

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function lerp(a: number, b: number, t: number): number {
  return a + (b - a) * t;
}

/** Piecewise-linear value at t through [offset, value] stops. */
function ramp(stops: readonly (readonly [number, number])[], t: number): number {
  const first = stops[0]!;
  if (t <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const [o1, v1] = stops[i]!;
    const [o0, v0] = stops[i - 1]!;
    if (t <= o1) return lerp(v0, v1, (t - o0) / (o1 - o0));
  }
  return stops.at(-1)![1];
}

async function pngDataUri(pixels: Buffer, channels: 3 | 4): Promise<string> {
  const png = await sharp(pixels, { raw: { width: GRID_W, height: GRID_H, channels } }).png({ compressionLevel: 1 }).toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** Three-stop diagonal gradient from the dark lower-left corner to the bright upper-right. */
function backgroundImage(p: Palette): Promise<string> {
  const colours = p.bg.map(hexRgb);
  const pixels = Buffer.alloc(GRID_W * GRID_H * 3);
  for (let y = 0; y < GRID_H; y++) {
    for (let x = 0; x < GRID_W; x++) {
      const t = ((x + 0.5) / GRID_W + 1 - (y + 0.5) / GRID_H) / 2;
      for (let c = 0; c < 3; c++) {
        const stops = [[0, colours[0]![c]!], [0.55, colours[1]![c]!], [1, colours[2]![c]!]] as const;
        pixels[(y * GRID_W + x) * 3 + c] = Math.round(ramp(stops, t));
      }
    }
  }
  return pngDataUri(pixels, 3);
}

/** Black, strongest behind the text on the left and along the bottom edge. */
function overlayImage(): Promise<string> {
  const pixels = Buffer.alloc(GRID_W * GRID_H * 4);
  for (let y = 0; y < GRID_H; y++) {
    for (let x = 0; x < GRID_W; x++) {
      const px = ((x + 0.5) / GRID_W) * W;
      const py = ((y + 0.5) / GRID_H) * H;
      const shade = ramp([[0, 0.62], [600, 0.3], [1020, 0]], px);
      const floor = ramp([[300, 0], [H, 0.5]], py);
      pixels[(y * GRID_W + x) * 4 + 3] = Math.round((1 - (1 - shade) * (1 - floor)) * 255);
    }
  }
  return pngDataUri(pixels, 4);
}

const imageCache = new Map<string, Promise<string>>();

function cachedImage(key: string, make: () => Promise<string>): Promise<string> {
  let image = imageCache.get(key);
  if (!image) imageCache.set(key, (image = make()));
  return image;
}

function stretched(href: string): string {
  return `<image x="0" y="0" width="${W}" height="${H}" preserveAspectRatio="none" href="${href}"/>`;
}

// --- decoration building blocks -------------------------------------------------------------

/**
 * A soft glow from stacked translucent discs: librsvg draws these several times faster than a
 * radial gradient of the same size, which keeps seeding quick.
 */
function glow(cx: number, cy: number, r: number, color: string, opacity = 1): string {
  const steps = 9;
  let discs = "";
  for (let i = 0; i < steps; i++) discs += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * Math.sqrt(1 - i / steps))}"/>`;
  return `<g fill="${color}" fill-opacity="${r1(opacity * 7) / 100}">${discs}</g>`;
}

function rings(cx: number, cy: number, count: number, r0: number, step: number, color: string, opacity: number, width = 2): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r0 + i * step)}" fill="none" stroke="${color}" stroke-width="${width}" stroke-opacity="${r1(opacity * (1 - i / (count + 1)) * 100) / 100}"/>`;
  }
  return out;
}

/** Stage-light beams fanning down from points above the frame. */
function beams(rng: Rng, count: number, opacity: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = between(rng, 380, 1180);
    const angle = between(rng, -0.55, 0.55);
    const spread = between(rng, 0.07, 0.14);
    const len = 900;
    const ax = x + Math.sin(angle - spread) * len;
    const bx = x + Math.sin(angle + spread) * len;
    const ay = Math.cos(angle - spread) * len;
    const by = Math.cos(angle + spread) * len;
    out += `<polygon points="${r1(x)},-10 ${r1(ax)},${r1(ay)} ${r1(bx)},${r1(by)}" fill="url(#beam)" fill-opacity="${opacity}"/>`;
  }
  return out;
}

function confetti(rng: Rng, count: number, colors: string[], area = { x0: 420, x1: 1180, y0: 20, y1: 560 }): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = between(rng, area.x0, area.x1);
    const y = between(rng, area.y0, area.y1);
    const color = pick(rng, colors);
    const opacity = r1(between(rng, 0.55, 0.95) * 100) / 100;
    if (rng() < 0.6) {
      const w = between(rng, 8, 18);
      const h = between(rng, 4, 8);
      out += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="1.5" fill="${color}" fill-opacity="${opacity}" transform="rotate(${Math.round(between(rng, 0, 180))} ${r1(x)} ${r1(y)})"/>`;
    } else {
      out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(between(rng, 3, 7))}" fill="${color}" fill-opacity="${opacity}"/>`;
    }
  }
  return out;
}

/** Layered filled waves rising from the bottom edge. */
function waves(rng: Rng, layers: number, baseY: number, color: string, opacity: number): string {
  let out = "";
  for (let i = 0; i < layers; i++) {
    const y = baseY + i * 38;
    const amp = between(rng, 18, 42);
    const phase = between(rng, 0, 300);
    let d = `M0 ${r1(y)}`;
    for (let x = -phase; x < W + 300; x += 300) {
      d += ` C${r1(x + 100)} ${r1(y - amp)} ${r1(x + 200)} ${r1(y + amp)} ${r1(x + 300)} ${r1(y)}`;
    }
    d += ` L${W + 300} ${H} L0 ${H} Z`;
    out += `<path d="${d}" fill="${color}" fill-opacity="${r1(opacity * (0.6 + i * 0.25) * 100) / 100}"/>`;
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
    lines += `<line x1="0" y1="${r1(y)}" x2="${W}" y2="${r1(y)}"/>`;
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
function circuit(rng: Rng, count: number, color: string): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    let x = between(rng, 560, 1180);
    let y = between(rng, 40, 620);
    let d = `M${r1(x)} ${r1(y)}`;
    const steps = 2 + Math.floor(rng() * 3);
    for (let s = 0; s < steps; s++) {
      if (s % 2 === 0) x += between(rng, -160, 160);
      else y += between(rng, -120, 120);
      d += ` L${r1(x)} ${r1(y)}`;
    }
    out += `<path d="${d}" fill="none" stroke="${color}" stroke-width="3" stroke-opacity="0.45"/>`;
    out += `<circle cx="${r1(x)}" cy="${r1(y)}" r="7" fill="none" stroke="${color}" stroke-width="3" stroke-opacity="0.8"/>`;
  }
  return out;
}

/** Diagonal speed stripes. */
function stripes(rng: Rng, count: number, colors: string[]): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const x = between(rng, 450, 1250);
    const w = between(rng, 14, 60);
    const color = pick(rng, colors);
    out += `<polygon points="${r1(x)},0 ${r1(x + w)},0 ${r1(x + w - 420)},${H} ${r1(x - 420)},${H}" fill="${color}" fill-opacity="${r1(between(rng, 0.08, 0.3) * 100) / 100}"/>`;
  }
  return out;
}

function starburst(cx: number, cy: number, rays: number, length: number, color: string, opacity: number): string {
  let out = "";
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2;
    const b = a + Math.PI / rays;
    out += `<polygon points="${cx},${cy} ${r1(cx + Math.cos(a) * length)},${r1(cy + Math.sin(a) * length)} ${r1(cx + Math.cos(b) * length)},${r1(cy + Math.sin(b) * length)}"/>`;
  }
  return `<g fill="${color}" fill-opacity="${opacity}">${out}</g>`;
}

function star(cx: number, cy: number, r: number, color: string, opacity: number): string {
  let points = "";
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    points += `${r1(cx + Math.cos(a) * rr)},${r1(cy + Math.sin(a) * rr)} `;
  }
  return `<polygon points="${points.trim()}" fill="${color}" fill-opacity="${opacity}"/>`;
}

function sparkle(cx: number, cy: number, r: number, color: string): string {
  const k = r * 0.18;
  return `<path d="M${cx} ${cy - r} Q${cx + k} ${cy - k} ${cx + r} ${cy} Q${cx + k} ${cy + k} ${cx} ${cy + r} Q${cx - k} ${cy + k} ${cx - r} ${cy} Q${cx - k} ${cy - k} ${cx} ${cy - r}Z" fill="${color}" fill-opacity="0.9"/>`;
}

function equaliser(rng: Rng, x0: number, baseY: number, bars: number, color: string): string {
  let out = "";
  for (let i = 0; i < bars; i++) {
    const h = between(rng, 30, 190) * (0.6 + 0.4 * Math.sin((i / bars) * Math.PI));
    out += `<rect x="${r1(x0 + i * 26)}" y="${r1(baseY - h)}" width="16" height="${r1(h)}" rx="4"/>`;
  }
  return `<g fill="${color}" fill-opacity="0.35">${out}</g>`;
}

// --- per-category scenes -----------------------------------------------------------------------

type Scene = (rng: Rng, p: Palette) => string;

const SCENES: Record<string, Scene> = {
  music: (rng, p) => {
    const cx = between(rng, 960, 1010);
    const cy = between(rng, 250, 330);
    return [
      beams(rng, 5, 0.45),
      glow(cx, cy, 420, p.accent, 0.8),
      `<circle cx="${cx}" cy="${cy}" r="215" fill="#000" fill-opacity="0.35"/>`,
      rings(cx, cy, 9, 70, 18, "#fff", 0.35, 2),
      `<circle cx="${cx}" cy="${cy}" r="58" fill="${p.accent}" fill-opacity="0.9"/><circle cx="${cx}" cy="${cy}" r="8" fill="${p.bg[0]}"/>`,
      equaliser(rng, 560, H, 24, "#fff"),
      confetti(rng, 18, p.pop),
    ].join("");
  },
  comedy: (rng, p) => {
    const cx = between(rng, 920, 1000);
    const cy = between(rng, 260, 320);
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
      confetti(rng, 34, p.pop),
    ].join("");
  },
  arts: (rng, p) => {
    let blobs = "";
    for (let i = 0; i < 5; i++) {
      blobs += `<circle cx="${r1(between(rng, 650, 1150))}" cy="${r1(between(rng, 60, 560))}" r="${r1(between(rng, 90, 220))}" fill="${pick(rng, p.pop)}" fill-opacity="${r1(between(rng, 0.18, 0.4) * 100) / 100}"/>`;
    }
    let strokes = "";
    for (let i = 0; i < 3; i++) {
      const y = between(rng, 120, 520);
      strokes += `<path d="M${r1(between(rng, 520, 700))} ${r1(y)} C${r1(between(rng, 700, 850))} ${r1(y - 140)} ${r1(between(rng, 900, 1000))} ${r1(y + 140)} ${r1(between(rng, 1100, 1260))} ${r1(y - 30)}" fill="none" stroke="${pick(rng, p.pop)}" stroke-width="${r1(between(rng, 14, 34))}" stroke-linecap="round" stroke-opacity="0.55"/>`;
    }
    return [
      glow(between(rng, 800, 1000), 300, 450, p.accent, 0.5),
      blobs,
      strokes,
      dotGrid(between(rng, 880, 960), 420, 8, 5, 26, 3.5, "#fff", 0.5),
    ].join("");
  },
  technology: (rng, p) =>
    [
      perspectiveGrid(400, between(rng, 760, 900), p.accent, 0.35),
      glow(between(rng, 820, 960), 380, 380, p.accent, 0.7),
      `<circle cx="${between(rng, 860, 960)}" cy="260" r="150" fill="none" stroke="${p.accent}" stroke-width="3" stroke-opacity="0.55"/>`,
      `<polygon points="880,120 1010,195 1010,345 880,420 750,345 750,195" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="0.3" transform="translate(${r1(between(rng, -30, 60))} 0)"/>`,
      circuit(rng, 7, p.accent),
      dotGrid(640, 60, 14, 3, 28, 2.5, "#fff", 0.35),
    ].join(""),
  business: (rng, p) => {
    let bars = "";
    let linePoints = "";
    for (let i = 0; i < 6; i++) {
      const h = 90 + i * 55 + between(rng, -25, 25);
      const x = 640 + i * 88;
      bars += `<rect x="${x}" y="${r1(H - 70 - h)}" width="56" height="${r1(h)}" rx="6"/>`;
      linePoints += `${x + 28},${r1(H - 110 - h)} `;
    }
    const last = linePoints.trim().split(" ").at(-1)!.split(",");
    return [
      flatGrid(60, "#fff", 0.07),
      glow(between(rng, 900, 1050), 160, 380, p.accent, 0.55),
      `<g fill="#fff" fill-opacity="0.16">${bars}</g>`,
      `<polyline points="${linePoints.trim()}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round" stroke-opacity="0.9"/>`,
      `<circle cx="${last[0]}" cy="${last[1]}" r="14" fill="${p.accent}"/>`,
      rings(1080, 150, 4, 60, 34, "#fff", 0.25, 2),
    ].join("");
  },
  entertainment: (rng, p) => {
    let stars = "";
    for (let i = 0; i < 6; i++) stars += star(between(rng, 560, 1160), between(rng, 60, 520), between(rng, 14, 34), pick(rng, p.pop), 0.85);
    return [
      beams(rng, 7, 0.4),
      glow(between(rng, 820, 980), 560, 480, p.accent, 0.65),
      rings(between(rng, 900, 1000), 720, 6, 180, 60, p.accent, 0.5, 4),
      stars,
      sparkle(between(rng, 700, 800), between(rng, 120, 200), 30, "#fff"),
      sparkle(between(rng, 1050, 1130), between(rng, 380, 460), 22, "#fff"),
      confetti(rng, 40, p.pop),
    ].join("");
  },
  sports: (rng, p) => {
    const cx = between(rng, 960, 1010);
    const cy = between(rng, 280, 340);
    return [
      stripes(rng, 9, ["#fff", p.accent]),
      glow(cx, cy, 360, p.accent, 0.6),
      `<circle cx="${cx}" cy="${cy}" r="170" fill="none" stroke="#fff" stroke-width="10" stroke-opacity="0.5"/>`,
      `<path d="M${cx - 170} ${cy} Q${cx} ${cy - 110} ${cx + 170} ${cy} M${cx - 170} ${cy} Q${cx} ${cy + 110} ${cx + 170} ${cy} M${cx} ${cy - 170} L${cx} ${cy + 170}" fill="none" stroke="#fff" stroke-width="6" stroke-opacity="0.4"/>`,
      // Running-track lanes sweeping across the floor.
      `<g fill="none" stroke="#fff" stroke-width="4" stroke-opacity="0.22">${[0, 1, 2, 3, 4]
        .map((i) => `<ellipse cx="${W / 2 + 200}" cy="${H + 240}" rx="${760 + i * 60}" ry="${300 + i * 40}"/>`)
        .join("")}</g>`,
    ].join("");
  },
  education: (rng, p) => {
    let shapes = "";
    for (let i = 0; i < 7; i++) {
      const x = between(rng, 600, 1150);
      const y = between(rng, 60, 560);
      const s = between(rng, 30, 90);
      const color = pick(rng, p.pop);
      const kind = i % 3;
      const rot = Math.round(between(rng, 0, 90));
      if (kind === 0) shapes += `<polygon points="${r1(x)},${r1(y - s)} ${r1(x + s)},${r1(y + s * 0.8)} ${r1(x - s)},${r1(y + s * 0.8)}" fill="none" stroke="${color}" stroke-width="5" stroke-opacity="0.7" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
      else if (kind === 1) shapes += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.7)}" fill="${color}" fill-opacity="0.35"/>`;
      else shapes += `<rect x="${r1(x - s / 2)}" y="${r1(y - s / 2)}" width="${r1(s)}" height="${r1(s)}" fill="none" stroke="${color}" stroke-width="5" stroke-opacity="0.6" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
    }
    return [
      dotGrid(40, 30, 40, 22, 30, 1.8, "#fff", 0.14),
      glow(between(rng, 850, 1000), 300, 420, p.accent, 0.55),
      // An open book.
      `<g transform="translate(${r1(between(rng, 1000, 1025))} 330)">
        <path d="M0 -20 C-70 -70 -170 -70 -220 -40 L-220 130 C-170 100 -70 100 0 150 Z" fill="#fff" fill-opacity="0.64"/>
        <path d="M0 -20 C70 -70 170 -70 220 -40 L220 130 C170 100 70 100 0 150 Z" fill="#fff" fill-opacity="0.52"/>
        <g stroke="${p.bg[1]}" stroke-width="4" stroke-opacity="0.4"><line x1="-180" y1="-10" x2="-40" y2="10"/><line x1="-180" y1="25" x2="-40" y2="45"/><line x1="-180" y1="60" x2="-40" y2="80"/><line x1="40" y1="10" x2="180" y2="-10"/><line x1="40" y1="45" x2="180" y2="25"/><line x1="40" y1="80" x2="180" y2="60"/></g>
      </g>`,
      shapes,
    ].join("");
  },
  health: (rng, p) => {
    const sx = between(rng, 880, 1020);
    let leaves = "";
    for (let i = 0; i < 5; i++) {
      const x = between(rng, 640, 1160);
      const y = between(rng, 80, 420);
      leaves += `<path d="M0 0 C30 -40 80 -40 110 0 C80 40 30 40 0 0Z" fill="${pick(rng, p.pop)}" fill-opacity="0.45" transform="translate(${r1(x)} ${r1(y)}) rotate(${Math.round(between(rng, -60, 60))})"/>`;
    }
    return [
      glow(sx, 230, 420, p.accent, 0.8),
      `<circle cx="${sx}" cy="230" r="120" fill="${p.accent}" fill-opacity="0.75"/>`,
      rings(sx, 230, 5, 150, 36, "#fff", 0.35, 2),
      leaves,
      waves(rng, 3, 470, "#fff", 0.16),
    ].join("");
  },
  food: (rng, p) => {
    const cx = between(rng, 950, 975);
    const cy = between(rng, 290, 320);
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
      waves(rng, 2, 560, p.bg[0], 0.4),
    ].join("");
  },
  "ongoing-business": (rng, p) => {
    let arches = "";
    for (let i = 0; i < 4; i++) {
      const x = 660 + i * 140;
      arches += `<path d="M${x} ${H} L${x} 300 A60 60 0 0 1 ${x + 120} 300 L${x + 120} ${H}" fill="#000" fill-opacity="0.18"/>`;
      arches += `<path d="M${x} ${H} L${x} 300 A60 60 0 0 1 ${x + 120} 300 L${x + 120} ${H}" fill="none" stroke="${p.accent}" stroke-width="3" stroke-opacity="0.7"/>`;
    }
    return [
      glow(between(rng, 850, 1000), 200, 420, p.accent, 0.6),
      rings(920, 140, 3, 60, 20, p.accent, 0.6, 2),
      arches,
      `<line x1="620" y1="250" x2="1200" y2="250" stroke="${p.accent}" stroke-width="2" stroke-opacity="0.5"/>`,
      `<g fill="${p.accent}" fill-opacity="0.9">${[0, 1, 2, 3, 4].map((i) => `<circle cx="${720 + i * 140}" cy="540" r="5"/>`).join("")}</g>`,
    ].join("");
  },
  other: (rng, p) =>
    [
      glow(between(rng, 850, 1000), 260, 420, p.accent, 0.7),
      rings(between(rng, 900, 1000), between(rng, 240, 320), 6, 60, 40, "#fff", 0.4, 3),
      waves(rng, 3, 480, "#fff", 0.14),
      confetti(rng, 26, p.pop),
      sparkle(between(rng, 700, 780), 140, 26, "#fff"),
    ].join(""),
};

// --- text ----------------------------------------------------------------------------------------

/** Rough advance widths of DejaVu Sans Condensed Bold capitals, in ems, for line wrapping. */
function titleWidthEm(text: string): number {
  let em = 0;
  for (const ch of text) {
    if (ch === " ") em += 0.31;
    else if ("MW".includes(ch)) em += 0.92;
    else if ("IJ1!.,:;'’|".includes(ch)) em += 0.34;
    else if (/[0-9]/.test(ch)) em += 0.63;
    else if ("-–·".includes(ch)) em += 0.42;
    else em += 0.69;
  }
  return em;
}

function bodyWidthEm(text: string): number {
  // DejaVu Sans mixed case, bold-ish body text.
  let em = 0;
  for (const ch of text) em += ch === " " ? 0.33 : /[A-Z0-9]/.test(ch) ? 0.72 : /[il.,:'’·]/.test(ch) ? 0.32 : 0.6;
  return em;
}

function wrapWords(words: string[], maxEm: number): string[] | null {
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (titleWidthEm(candidate) <= maxEm) current = candidate;
    else {
      if (!current || titleWidthEm(word) > maxEm) return null;
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** Largest font size at which the title fits the text column in at most three lines. */
export function layoutTitle(title: string, maxWidth: number): { size: number; lines: string[] } {
  const words = title.toUpperCase().split(/\s+/).filter(Boolean);
  for (let size = 96; size >= 40; size -= 4) {
    const lines = wrapWords(words, maxWidth / size);
    if (lines && lines.length <= 3) return { size, lines };
  }
  // Still too long: the smallest size, with the rest of the title clipped into the third line.
  const size = 40;
  const lines = wrapWords(words, maxWidth / size) ?? [title.toUpperCase()];
  return { size, lines: lines.length > 3 ? [...lines.slice(0, 2), `${lines[2]}…`] : lines };
}

function fitBodySize(text: string, preferred: number, maxWidth: number, min = 18): number {
  let size = preferred;
  while (size > min && bodyWidthEm(text) * size > maxWidth) size -= 1;
  return size;
}

function textBlock(spec: PosterSpec, p: Palette): string {
  const left = 72;
  const { size, lines } = layoutTitle(spec.title, TITLE_COLUMN);
  const lineHeight = Math.round(size * 1.04);
  const lastBaseline = 470;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineHeight;

  const label = (CATEGORY_LABELS[spec.category] ?? CATEGORY_LABELS.other!).toUpperCase();
  const labelWidth = Math.round(titleWidthEm(label) * 19 + label.length * 3 + 40);
  // Top right: cards lay their own category badge over the top-left corner.
  const pillX = W - 56 - labelWidth;
  const pill = `<rect x="${pillX}" y="48" width="${labelWidth}" height="42" rx="21" fill="${p.accent}"/>
    <text x="${pillX + 20}" y="76" font-family="${TITLE_FONT}" font-weight="bold" font-size="19" letter-spacing="3" fill="${p.bg[0]}">${escapeXml(label)}</text>`;

  const kickerY = firstBaseline - size - 10;
  const kicker =
    spec.kicker && kickerY > 130
      ? `<text x="${left + 2}" y="${kickerY}" font-family="${BODY_FONT}" font-weight="bold" font-size="${fitBodySize(spec.kicker, 26, 760)}" letter-spacing="2" fill="${p.accent}">${escapeXml(spec.kicker.toUpperCase())}</text>`
      : "";

  const tspans = lines.map((line, i) => `<tspan x="${left}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`).join("");
  const shadowSpans = lines
    .map((line, i) => `<tspan x="${left + 4}" y="${firstBaseline + i * lineHeight + 5}">${escapeXml(line)}</tspan>`)
    .join("");
  const title = `<text font-family="${TITLE_FONT}" font-weight="bold" font-size="${size}" fill="#000" fill-opacity="0.35">${shadowSpans}</text>
    <text font-family="${TITLE_FONT}" font-weight="bold" font-size="${size}" fill="#fff">${tspans}</text>`;

  const bar = `<rect x="${left}" y="${lastBaseline + 28}" width="96" height="7" rx="3.5" fill="${p.accent}"/>`;
  const dateSize = fitBodySize(spec.dateLine, 32, 820);
  const dateLine = `<text x="${left}" y="${lastBaseline + 82}" font-family="${BODY_FONT}" font-weight="bold" font-size="${dateSize}" letter-spacing="1.5" fill="${p.accent}">${escapeXml(spec.dateLine.toUpperCase())}</text>`;
  const venueSize = fitBodySize(spec.venueLine, 26, 780);
  const venueLine = `<text x="${left}" y="${lastBaseline + 124}" font-family="${BODY_FONT}" font-size="${venueSize}" fill="#fff" fill-opacity="0.92">${escapeXml(spec.venueLine)}</text>`;

  const markX = W - 56;
  const mark = `<g>
    <text x="${markX}" y="${H - 44}" text-anchor="end" font-family="${BODY_FONT}" font-weight="bold" font-size="26" fill="#fff" fill-opacity="0.95">${escapeXml(BRAND.name)}</text>
    <rect x="${markX - bodyWidthEm(BRAND.name) * 26 - 46}" y="${H - 72}" width="34" height="34" rx="9" fill="${p.accent}"/>
    <text x="${markX - bodyWidthEm(BRAND.name) * 26 - 29}" y="${H - 46}" text-anchor="middle" font-family="${TITLE_FONT}" font-weight="bold" font-size="24" fill="${p.bg[0]}">E</text>
  </g>`;

  return pill + kicker + title + bar + dateLine + venueLine + mark;
}

/** The poster as SVG (exported for previews and tests). */
export async function posterSvg(spec: PosterSpec): Promise<string> {
  const rng = rngFor(`${spec.title}|${spec.category}`);
  const palettes = PALETTES[spec.category] ?? PALETTES.other!;
  const palette = pick(rng, palettes);
  const scene = (SCENES[spec.category] ?? SCENES.other!)(rng, palette);
  const [background, overlay] = await Promise.all([
    cachedImage(palette.bg.join(), () => backgroundImage(palette)),
    cachedImage("overlay", overlayImage),
  ]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>${baseDefs()}</defs>
  ${stretched(background)}
  ${scene}
  ${stretched(overlay)}
  ${textBlock(spec, palette)}
</svg>`;
}
