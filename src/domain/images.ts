import { ONGOING_BUSINESS_DATE } from "./events";
import { formatLongDate } from "./format";

// The AI image creator (spec §2 AI Image Creator, §3 Generated image, §5, §7 generate-image, §9).

/** spec §3 Generated image: the styles, in the order the form offers them. */
export const IMAGE_STYLES = ["professional", "fun", "elegant", "modern", "artistic"] as const;
export type ImageStyle = (typeof IMAGE_STYLES)[number];

export const IMAGE_STYLE_LABELS: Record<ImageStyle, string> = {
  professional: "Professional",
  fun: "Fun",
  elegant: "Elegant",
  modern: "Modern",
  artistic: "Artistic",
};

/** spec §3 and §9 Image creator: landscape 3:2 is the default. */
export const IMAGE_SIZES = ["1536x1024", "1024x1024", "1024x1536"] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];
export const DEFAULT_IMAGE_SIZE: ImageSize = "1536x1024";
export const DEFAULT_IMAGE_STYLE: ImageStyle = "professional";

/** The size select's labels (spec §3 Generated image). */
export const IMAGE_SIZE_LABELS: Record<ImageSize, string> = {
  "1536x1024": "1536x1024 (landscape 3:2)",
  "1024x1024": "1024x1024 (square)",
  "1024x1536": "1024x1536 (portrait)",
};

export function imageDimensions(size: ImageSize): { width: number; height: number } {
  const [width, height] = size.split("x").map(Number) as [number, number];
  return { width, height };
}

export const IMAGE_PROMPT_MAX_LENGTH = 1000;

/** spec §5 AI image creator and §8 Assistant and image creator: the creator's texts. */
export const IMAGE_CREATOR_TEXT = {
  autoPromptNeedsDetails: "Please enter an event title or location first",
  autoPromptDone: "Auto-prompt generated! You can edit it before generating.",
  promptRequired: "Please enter a prompt or generate an auto-prompt",
  generateFailed: "Failed to generate image. Please try again.",
  unexpected: "An unexpected error occurred. Please try again.",
  downloadFailed: "Failed to download image",
  shareFailed: "Failed to share image",
  urlCopied: "Image URL copied to clipboard!",
} as const;

const STYLE_DIRECTIONS: Record<ImageStyle, string> = {
  professional: "Clean corporate layout with a deep navy and gold palette, crisp sans-serif typography, subtle geometric lines and a polished, trustworthy feel",
  fun: "Bright, playful colours with confetti, bold shapes and chunky display lettering; energetic, joyful party mood",
  elegant: "Sophisticated black and gold palette, refined serif typography, thin art-deco frames and ornaments; luxurious and understated",
  modern: "Minimalist Swiss-style grid, bold geometric colour blocks, large grotesque typography and strong contrast",
  artistic: "Painterly watercolour textures, organic flowing shapes and a hand-lettered title; expressive and creative",
};

/**
 * "Saturday 13 June 2026" in UK time, for a prompt; null for no date, a bad one, or the placeholder an
 * ongoing business carries.
 */
export function posterDate(dateTime: string | null | undefined): string | null {
  if (!dateTime) return null;
  const date = new Date(dateTime);
  if (Number.isNaN(date.getTime()) || date.getTime() === ONGOING_BUSINESS_DATE.getTime()) return null;
  return formatLongDate(date)!.replace(",", "");
}

/**
 * spec §5 AI image creator, 'Auto-Generate': a descriptive prompt from the title and/or location and the
 * style, for the organiser to edit. Null when there is neither a title nor a location.
 */
export function buildAutoPrompt({
  title,
  location,
  dateTime,
  style,
}: {
  title?: string | null;
  location?: string | null;
  dateTime?: string | null;
  style: ImageStyle;
}): string | null {
  const name = title?.trim() ?? "";
  const place = location?.trim() ?? "";
  if (!name && !place) return null;
  const subject = name ? `"${name}"${place ? ` in ${place}` : ""}` : `an event in ${place}`;
  const date = posterDate(dateTime);
  const article = style === "elegant" || style === "artistic" ? "An" : "A";
  return [
    `${article} ${style} promotional poster for ${subject}${date ? ` on ${date}` : ""}.`,
    `${STYLE_DIRECTIONS[style]}.`,
    `Show the event name prominently in clear, legible lettering${date || place ? ", with the date and location beneath it" : ""}.`,
    "Eye-catching, well balanced and ready to share on social media.",
  ].join(" ");
}

const POSTER_TITLE_MAX = 120;

/** Shortens text to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function shortenAtWord(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/**
 * The headline of a built-in poster: the event's title; without one, a quoted name in the prompt (the
 * auto-prompt quotes the title), else the prompt's first clause without its "A fun poster for" opening.
 */
export function posterTitle({ title, prompt }: { title?: string | null; prompt: string }): string {
  const given = title?.trim();
  if (given) return shortenAtWord(given, POSTER_TITLE_MAX);
  const quoted = /["“]([^"”]{2,150})["”]/.exec(prompt)?.[1]?.trim();
  if (quoted) return shortenAtWord(quoted, POSTER_TITLE_MAX);
  const clause = (prompt.split(/[.,;:!?\n]/).find((part) => part.trim()) ?? prompt).trim();
  const subject = clause
    .replace(/^(?:an?\s+)?(?:[\w-]+\s+){0,3}(?:poster|image|flyer|banner|graphic|picture|promo)\s+(?:for|of|about|advertising)\s+/i, "")
    .replace(/^(?:an?\s+|the\s+)?event\s+in\s+/i, "")
    .replace(/\s+on\s+\w+day\s+\d{1,2}\s+\w+\s+\d{4}$/i, "");
  const headline = subject || clause;
  return shortenAtWord(headline.charAt(0).toUpperCase() + headline.slice(1), POSTER_TITLE_MAX);
}

