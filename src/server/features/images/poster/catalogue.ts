import sharp from "sharp";
import { BRAND, EVENT_IMAGE_SIZES } from "../../../../domain";
import type { PosterArt } from "./design";
import { FONTS } from "./fonts";
import { createRandom, seedFrom } from "./random";
import { SCENE_DEFS, SCENES, type ScenePalette } from "./scenes";
import { svgDocument } from "./svg";
import { firstWords, renderText, type TextLayer, type TextStyle } from "./text";

/**
 * The demo catalogue's event posters (the seed's): 16:9 at the largest stored event image width, a
 * scene for the event's category on the right, the organiser's words on the left. Unlike the image
 * creator's styles, a catalogue poster also names its category, venue and the site.
 */
export interface CataloguePosterSpec {
  title: string;
  category: string;
  /** Small line above the title, e.g. "Northern Sounds presents". */
  kicker?: string;
  /** Accent line under the title, e.g. "Sat, 14 Mar 2026 · 19:30" or "Open daily · 08:00–17:00". */
  dateLine: string;
  /** Last line, e.g. "O2 Academy Brixton · London". */
  venueLine: string;
}

export const CATALOGUE_POSTER_SIZE = EVENT_IMAGE_SIZES.at(-1)!;

const W = CATALOGUE_POSTER_SIZE.width;
const H = CATALOGUE_POSTER_SIZE.height;
const LEFT = 72;
/** Width of the title column: the scenes keep their main shape to the right of it. */
const TITLE_COLUMN = 720;

const PALETTES: Record<string, ScenePalette[]> = {
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

// --- background and legibility overlay ------------------------------------------------------------
//
// Full-frame SVG gradients are the slowest thing librsvg draws here (about a third of each poster).
// The same smooth gradients come almost free as a tiny bitmap stretched over the frame, so the
// background and the darkening behind the text are drawn that way.

const GRID_W = 48;
const GRID_H = 27;

function hexRgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Piecewise-linear value at t through [offset, value] stops. */
function ramp(stops: readonly (readonly [number, number])[], t: number): number {
  const first = stops[0]!;
  if (t <= first[0]) return first[1];
  for (let i = 1; i < stops.length; i++) {
    const [o1, v1] = stops[i]!;
    const [o0, v0] = stops[i - 1]!;
    if (t <= o1) return v0 + (v1 - v0) * ((t - o0) / (o1 - o0));
  }
  return stops.at(-1)![1];
}

async function pngDataUri(pixels: Buffer, channels: 3 | 4): Promise<string> {
  const png = await sharp(pixels, { raw: { width: GRID_W, height: GRID_H, channels } }).png({ compressionLevel: 1 }).toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/** Three-stop diagonal gradient from the dark lower-left corner to the bright upper-right. */
function backgroundImage(p: ScenePalette): Promise<string> {
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

// Backgrounds and the few text layers that repeat across posters (labels, the site's mark) are drawn once.
const cache = new Map<string, Promise<unknown>>();

function cached<T>(key: string, make: () => Promise<T>): Promise<T> {
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) cache.set(key, (value = make()));
  return value;
}

const stretched = (href: string) => `<image x="0" y="0" width="${W}" height="${H}" preserveAspectRatio="none" href="${href}"/>`;

// --- text ----------------------------------------------------------------------------------------

const TITLE_BOX = { width: TITLE_COLUMN, height: 330 };
const TITLE_SIZES = { max: 96, min: 40 };
const TITLE_STYLE: TextStyle = { font: FONTS.interExtraBold, color: "#FFFFFF", uppercase: true, leading: 0.92, tracking: -0.005 };

const fitsTitleBox = (layer: TextLayer) => layer.width <= TITLE_BOX.width && layer.height <= TITLE_BOX.height;

/**
 * The title at the largest size (stepping down a tenth at a time) at which it fits the title column,
 * starting from what its length allows (an upper-case letter of this face, with its line, takes about
 * an em², wrapping included), so most titles are set at the first try. A title too long even at the
 * smallest size is broken between letters, then loses words from the end (`firstWords`).
 */
async function titleLayer(title: string): Promise<{ layer: TextLayer; text: string }> {
  let size = Math.floor(Math.sqrt((TITLE_BOX.width * TITLE_BOX.height) / Math.max(1, [...title.trim()].length)));
  size = Math.max(TITLE_SIZES.min, Math.min(TITLE_SIZES.max, size));
  for (;;) {
    const layer = await renderText(title, TITLE_STYLE, size, TITLE_BOX.width, "word", "raw");
    if (fitsTitleBox(layer)) return { layer, text: title };
    if (size === TITLE_SIZES.min) break;
    size = Math.max(TITLE_SIZES.min, Math.floor(size * 0.9));
  }
  for (let count = title.trim().split(/\s+/).length; ; count--) {
    const text = firstWords(title, count);
    const layer = await renderText(text, TITLE_STYLE, TITLE_SIZES.min, TITLE_BOX.width, "word-char", "raw");
    if (fitsTitleBox(layer) || count <= 1) return { layer, text };
  }
}

/** One line of text at `preferred` px, smaller when it would be wider than `maxWidth`. */
async function lineLayer(text: string, style: TextStyle, preferred: number, maxWidth = Infinity): Promise<TextLayer> {
  const layer = await renderText(text, style, preferred, undefined, "word", "raw");
  if (layer.width <= maxWidth) return layer;
  return renderText(text, style, Math.max(16, Math.floor((preferred * maxWidth) / layer.width)), maxWidth, "word-char", "raw");
}

/** The poster's art: background (palette, scene, overlay and shapes) and its text layers. */
export async function catalogueArt(spec: CataloguePosterSpec): Promise<PosterArt> {
  const random = createRandom(seedFrom(spec.title, spec.category));
  const palette = random.pick(PALETTES[spec.category] ?? PALETTES.other!);
  const scene = (SCENES[spec.category] ?? SCENES.other!)(random, palette);
  const label = CATEGORY_LABELS[spec.category] ?? CATEGORY_LABELS.other!;

  const [background, overlay, pillText, brand, badge, { layer: title, text: titleText }, dateLine, venueLine, kicker] = await Promise.all([
    cached(palette.bg.join(), () => backgroundImage(palette)),
    cached("overlay", overlayImage),
    cached(`label|${label}|${palette.bg[0]}`, () => lineLayer(label, { font: FONTS.interExtraBold, color: palette.bg[0], uppercase: true, tracking: 0.14 }, 18)),
    cached("brand", () => lineLayer(BRAND.name, { font: FONTS.interExtraBold, color: "#FFFFFF", opacity: 0.95 }, 26)),
    cached(`badge|${palette.bg[0]}`, () => lineLayer(BRAND.name[0]!, { font: FONTS.interBlack, color: palette.bg[0] }, 23)),
    titleLayer(spec.title),
    lineLayer(spec.dateLine, { font: FONTS.interExtraBold, color: palette.accent, uppercase: true, tracking: 0.04 }, 30, 820),
    lineLayer(spec.venueLine, { font: FONTS.interMedium, color: "#FFFFFF", opacity: 0.92 }, 25, 780),
    spec.kicker ? lineLayer(spec.kicker, { font: FONTS.interExtraBold, color: palette.accent, uppercase: true, tracking: 0.08 }, 24, 760) : null,
  ]);

  // Bottom up: the venue, the date, the accent bar, the title, and the kicker when there is room.
  const titleBottom = 480;
  const titleTop = titleBottom - title.height;
  const barTop = titleBottom + 22;
  const dateTop = barTop + 30;
  const venueTop = dateTop + dateLine.height + 16;
  const kickerTop = kicker ? titleTop - 18 - kicker.height : 0;
  const showKicker = kicker !== null && kickerTop > 110;
  // The title's drop shadow: the same text in translucent black, set exactly like the title.
  const shadow = await renderText(titleText, { ...TITLE_STYLE, color: "#000000", opacity: 0.35 }, title.size, TITLE_BOX.width, titleText === spec.title ? "word" : "word-char", "raw");

  // Top right: cards lay their own category badge over the top-left corner.
  const pill = { width: pillText.width + 40, height: 42 };
  const pillLeft = W - 56 - pill.width;
  const brandLeft = W - 56 - brand.width;
  const badgeSize = 34;
  const badgeLeft = brandLeft - 12 - badgeSize;
  const badgeTop = H - 74;

  const backgroundSvg = svgDocument(
    W,
    H,
    `<defs>${SCENE_DEFS}</defs>${stretched(background)}${scene}${stretched(overlay)}
    <rect x="${pillLeft}" y="48" width="${pill.width}" height="${pill.height}" rx="21" fill="${palette.accent}"/>
    <rect x="${LEFT}" y="${barTop}" width="96" height="7" rx="3.5" fill="${palette.accent}"/>
    <rect x="${badgeLeft}" y="${badgeTop}" width="${badgeSize}" height="${badgeSize}" rx="9" fill="${palette.accent}"/>`,
  );

  const at = (layer: TextLayer, left: number, top: number) => ({ input: layer.input, raw: layer.raw, left: Math.round(left), top: Math.round(top) });
  const centred = (layer: TextLayer, left: number, top: number, width: number, height: number) =>
    at(layer, left + (width - layer.width) / 2, top + (height - layer.height) / 2);
  const layers = [
    centred(pillText, pillLeft, 48, pill.width, pill.height),
    ...(showKicker ? [at(kicker, LEFT + 2, kickerTop)] : []),
    at(shadow, LEFT + 4, titleTop + 5),
    at(title, LEFT, titleTop),
    at(dateLine, LEFT, dateTop),
    at(venueLine, LEFT, venueTop),
    centred(badge, badgeLeft, badgeTop, badgeSize, badgeSize),
    at(brand, brandLeft, badgeTop + (badgeSize - brand.height) / 2),
  ];
  return { background: backgroundSvg, layers };
}
