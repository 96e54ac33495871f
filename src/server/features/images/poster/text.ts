import sharp from "sharp";
import type { PosterFont } from "./fonts";

export interface TextStyle {
  font: PosterFont;
  /** #rrggbb */
  color: string;
  align?: "left" | "centre" | "right";
  /** Extra space between letters, in em (0.2 = a fifth of the type size). */
  tracking?: number;
  /** Line height as a multiple of the font's own, e.g. 0.9 to set a headline tight. */
  leading?: number;
  uppercase?: boolean;
  /** 0..1 */
  opacity?: number;
}

/** A rendered block of text: a transparent PNG cropped to the ink, ready to composite. */
export interface TextLayer {
  input: Buffer;
  width: number;
  height: number;
  /** Type size in pixels. */
  size: number;
  /** Set when `input` is raw RGBA pixels rather than a PNG (sharp's composite reads it so). */
  raw?: { width: number; height: number; channels: 4 };
}

export interface Box {
  width: number;
  height: number;
}

/**
 * Text as Pango markup content: user text must never be read as markup. Emoji go too: the bundled fonts
 * have none, and a fresh server has no emoji font to fall back on (they would print as boxes).
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[^\P{Cc}\n]/gu, "")
    .replace(/(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\u{FE0F})[\u{1F3FB}-\u{1F3FF}]?(?:\u200D(?:\p{Emoji_Presentation}|\p{Extended_Pictographic}\u{FE0F}?))*/gu, "")
    .replace(/[\u{FE0F}\u200D]/gu, "")
    .replace(/ {2,}/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Hyphenated words stay whole ("All-Nighter" never ends a line with "All-"). */
function keepHyphenatedWordsWhole(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (/\S-\S/.test(word) ? `<span allow_breaks="false">${escapeMarkup(word)}</span>` : escapeMarkup(word)))
    .join("");
}

function markup(text: string, style: TextStyle, size: number): string {
  const content = keepHyphenatedWordsWhole(style.uppercase ? text.toLocaleUpperCase("en-GB") : text);
  const attributes = [`foreground="${style.color}"`];
  // Pango measures letter spacing in 1024ths of a point; at 72 dpi a point is a pixel.
  if (style.tracking) attributes.push(`letter_spacing="${Math.round(style.tracking * size * 1024)}"`);
  if (style.leading) attributes.push(`line_height="${style.leading}"`);
  if (style.opacity !== undefined && style.opacity < 1) attributes.push(`fgalpha="${Math.max(1, Math.round(style.opacity * 100))}%"`);
  return `<span ${attributes.join(" ")}>${content}</span>`;
}

/**
 * Renders text at `size` px, wrapped at word boundaries to `wrapWidth` when given. As a PNG, or as raw
 * pixels for a layer composited straight away (no encoding and decoding).
 */
export async function renderText(
  text: string,
  style: TextStyle,
  size: number,
  wrapWidth?: number,
  wrap: "word" | "word-char" = "word",
  format: "png" | "raw" = "png",
): Promise<TextLayer> {
  const image = sharp({
    text: {
      text: markup(text, style, size),
      font: `${style.font.name} ${size}`,
      fontfile: style.font.file,
      width: wrapWidth === undefined ? undefined : Math.max(1, Math.floor(wrapWidth)),
      align: style.align ?? "left",
      wrap,
      rgba: true,
      dpi: 72,
    },
  });
  if (format === "raw") {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    return { input: data, width: info.width, height: info.height, size, raw: { width: info.width, height: info.height, channels: 4 } };
  }
  const { data, info } = await image.png().toBuffer({ resolveWithObject: true });
  return { input: data, width: info.width, height: info.height, size };
}

const fits = (layer: TextLayer, box: Box) => layer.width <= box.width && layer.height <= box.height;

type Wrap = "word" | "word-char";

/** The largest size in `range` at which `text` fits `box`, or null when it does not fit even at the smallest. */
async function largestFitting(text: string, style: TextStyle, box: Box, range: { max: number; min: number }, wrap: Wrap): Promise<TextLayer | null> {
  const atMax = await renderText(text, style, range.max, box.width, wrap);
  if (fits(atMax, box)) return atMax;
  let best = await renderText(text, style, range.min, box.width, wrap);
  if (!fits(best, box)) return null;
  let low = range.min;
  let high = range.max;
  while (high - low > 2) {
    const middle = Math.floor((low + high) / 2);
    const layer = await renderText(text, style, middle, box.width, wrap);
    if (fits(layer, box)) {
      best = layer;
      low = middle;
    } else {
      high = middle;
    }
  }
  return best;
}

/**
 * Evens out wrapped lines: the narrowest wrap width that keeps the same number of lines, so a title
 * never ends on a lonely word.
 */
async function balanced(text: string, style: TextStyle, layer: TextLayer, box: Box): Promise<TextLayer> {
  // Text that plainly needs several lines is not tried on one.
  if ([...text].length * layer.size * 0.3 <= box.width) {
    const oneLine = await renderText(text, style, layer.size);
    if (oneLine.width <= box.width) return fits(oneLine, box) ? oneLine : layer;
  }
  // Wrapping at a narrower width may only move words down; the height grows once a line is added.
  const tolerance = layer.size * 0.3;
  let best = layer;
  let low = box.width * 0.45;
  let high = box.width;
  while (high - low > 16) {
    const middle = (low + high) / 2;
    const candidate = await renderText(text, style, layer.size, middle);
    if (candidate.height <= layer.height + tolerance && candidate.width <= box.width) {
      best = candidate;
      high = middle;
    } else {
      low = middle;
    }
  }
  return best;
}

/** The first `count` words of `text`, marked as cut when words were left out. */
export function firstWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/);
  if (count >= words.length) return words.join(" ");
  return `${words.slice(0, Math.max(1, count)).join(" ").replace(/[\s,;:.–—-]+$/, "")}…`;
}

/**
 * A size above which `text` cannot fit `box` in any font we use (each character takes at least about
 * 0.3 em² of the box), so no time goes on rendering huge layouts of long texts.
 */
export function largestPlausibleSize(text: string, box: Box): number {
  const characters = Math.max(1, [...text.trim()].length);
  return Math.floor(Math.sqrt((box.width * box.height) / (characters * 0.3)));
}

/**
 * Sets `text` as large as `range` allows inside `box`, with balanced lines. A word too wide for the box
 * even at the smallest size is broken between letters; text too long even then loses words from the
 * end (marked with an ellipsis). The result always fits the box's width.
 */
export async function fitText(text: string, style: TextStyle, box: Box, wanted: { max: number; min: number }): Promise<TextLayer> {
  const range = { min: wanted.min, max: Math.max(wanted.min, Math.min(wanted.max, largestPlausibleSize(text, box))) };
  const whole = await largestFitting(text, style, box, range, "word");
  if (whole) return balanced(text, style, whole, box);
  const broken = await largestFitting(text, style, box, range, "word-char");
  if (broken) return broken;
  // Too long even at the smallest size: the most words that fit, found by halving.
  let low = 1;
  let high = text.trim().split(/\s+/).length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(await renderText(firstWords(text, middle), style, range.min, box.width, "word-char"), box)) low = middle;
    else high = middle - 1;
  }
  const shortened = firstWords(text, low);
  return (await largestFitting(shortened, style, box, range, "word-char")) ?? renderText(shortened, style, range.min, box.width, "word-char");
}

/** A soft (blurred) or hard shadow of a text layer in `color`; `spread` px of room are added on every side. */
export async function shadowOf(layer: TextLayer, options: { color: string; blur: number; opacity: number; spread?: number }): Promise<{ input: Buffer; width: number; height: number; spread: number }> {
  const spread = options.spread ?? Math.ceil(options.blur * 3);
  const alpha = await sharp(layer.input)
    .extend({ top: spread, bottom: spread, left: spread, right: spread, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .extractChannel("alpha")
    .linear(options.opacity, 0)
    .png()
    .toBuffer();
  const width = layer.width + spread * 2;
  const height = layer.height + spread * 2;
  let shadow = sharp({ create: { width, height, channels: 3, background: options.color } }).joinChannel(alpha);
  if (options.blur > 0) shadow = sharp(await shadow.png().toBuffer()).blur(options.blur);
  return { input: await shadow.png().toBuffer(), width, height, spread };
}
