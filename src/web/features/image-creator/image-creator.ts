import {
  formatEventDate,
  formatEventTime,
  IMAGE_CREATOR_TEXT,
  IMAGE_SIZE_LABELS,
  IMAGE_STYLE_LABELS,
  hasPlaceholderDate,
  shortenAtWord,
  type EditableEvent,
  type EventInput,
  type GeneratedImage,
  type ImageSize,
} from "@domain";
import { ApiRequestError } from "~/lib/api-request";

/** A toast: title and optional detail. */
export interface ToastText {
  title: string;
  description?: string;
}

/**
 * spec §8 Image generation: a refused call is 'Failed to generate image. Please try again.' (with the
 * server's reason when it says something useful: too many images, signed out, bad input); anything
 * else is 'An unexpected error occurred. Please try again.'
 */
export function generationFailure(error: unknown): ToastText {
  if (error instanceof ApiRequestError) {
    return error.status < 500 ? { title: IMAGE_CREATOR_TEXT.generateFailed, description: error.message } : { title: IMAGE_CREATOR_TEXT.generateFailed };
  }
  return { title: IMAGE_CREATOR_TEXT.unexpected };
}

/** spec §4 Image generation: the new image goes at the top of the history. */
export function withNewest(history: GeneratedImage[], image: GeneratedImage): GeneratedImage[] {
  return [image, ...history.filter((entry) => entry.imageUrl !== image.imageUrl)];
}

/** Phones and tablets (iPadOS reports itself as a Mac with a touch screen). */
export function isMobileDevice(userAgent: string, maxTouchPoints = 0): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|Silk|Opera Mini/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** eventora-fun-1536x1024-20260613-193000.png */
export function downloadFileName(image: Pick<GeneratedImage, "style" | "size" | "timestamp">): string {
  const stamp = image.timestamp.replace(/\.\d+Z$/, "").replace(/[-:]/g, "").replace("T", "-");
  return `eventora-${image.style}-${image.size}-${stamp}.png`;
}

/** An image on this site (/media/...) rather than in object storage elsewhere. */
export function isSameOriginImage(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//");
}

/** /create-event with the image ready to be the new event's picture. */
export function createEventWithImagePath(imageUrl: string): string {
  return `/create-event?image=${encodeURIComponent(imageUrl)}`;
}

/**
 * The event exactly as it is saved, with only its picture changed: `imageUrl` is a web address, or
 * null when the picture goes up as a file. The organiser is left as it is (null keeps it).
 */
export function eventInputKeepingAllBut(event: EditableEvent, imageUrl: string | null): EventInput {
  return {
    title: event.title,
    description: event.description,
    category: event.category ?? "other",
    dateTime: event.dateTime,
    endTime: event.endTime,
    venue: event.venue,
    location: event.location,
    pricePence: event.pricePence,
    absorbsBookingFee: event.absorbsBookingFee,
    maxAttendees: event.maxAttendees,
    imageUrl,
    videoUrl: event.videoUrl,
    affiliateCode: event.affiliateCode,
    organiserId: null,
  };
}

const isPlaceholderDate = (dateTime: string) => hasPlaceholderDate({ dateTime });

/** "Soul Night · Sat 13 Jun 2026" */
export function eventOptionLabel(event: { title: string; dateTime: string }): string {
  const date = isPlaceholderDate(event.dateTime) ? null : formatEventDate(event.dateTime);
  return date ? `${event.title} · ${date}` : event.title;
}

/** "Sat 13 Jun 2026, 19:30"; null for no real date. */
export function eventWhen(dateTime: string): string | null {
  const date = isPlaceholderDate(dateTime) ? null : formatEventDate(dateTime);
  return date ? `${date}, ${formatEventTime(dateTime)}` : null;
}

/** The picture's text alternative: what it was made from. */
export function imageAlt(image: Pick<GeneratedImage, "style" | "prompt">): string {
  return `${IMAGE_STYLE_LABELS[image.style]} image: ${shortenAtWord(image.prompt, 140)}`;
}

export function sizeLabel(size: ImageSize): string {
  return IMAGE_SIZE_LABELS[size];
}

/** Event pages show pictures in a 16:9 frame (the server crops an upload to it). */
export const EVENT_PICTURE_FRAME = { width: 1600, height: 900 } as const;

export interface Placement {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Where a picture goes in the event frame so none of it is cut off: `contain` (whole, centred) over
 * `cover` (filling the frame, for the soft background around it).
 */
export function eventFrameLayout(width: number, height: number, frame: { width: number; height: number } = EVENT_PICTURE_FRAME): { contain: Placement; cover: Placement } {
  const place = (scale: number): Placement => {
    const w = Math.round(width * scale);
    const h = Math.round(height * scale);
    return { x: Math.round((frame.width - w) / 2), y: Math.round((frame.height - h) / 2), width: w, height: h };
  };
  return { contain: place(Math.min(frame.width / width, frame.height / height)), cover: place(Math.max(frame.width / width, frame.height / height)) };
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** spec §7: on phones, Download opens the image in a new tab with instructions for saving it. */
export function saveInstructionsPage(absoluteImageUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Save your image</title><style>body{margin:0;padding:24px 16px 40px;background:#14112b;color:#fff;font:16px/1.5 system-ui,sans-serif;text-align:center}h1{font-size:22px;margin:0 0 8px}p{margin:0 auto 20px;max-width:32em;color:#e9e5ff}img{display:block;margin:0 auto;max-width:100%;height:auto;border-radius:12px}</style></head><body><h1>Save your image</h1><p>Press and hold the image, then choose <strong>Save to Photos</strong> or <strong>Download image</strong>.</p><img src="${escapeHtml(absoluteImageUrl)}" alt="Your generated image"></body></html>`;
}

/** The tips card (spec §2 AI Image Creator). */
export const IMAGE_CREATOR_TIPS = [
  "Start with Auto-Generate, then edit the description: add colours, mood or the kind of crowd you expect.",
  "Short titles are set bigger and read better at a glance on a phone.",
  "Landscape suits event pages and Facebook, square suits Instagram posts, portrait suits stories and printed flyers.",
  "Pick the style that matches your audience: professional for business, fun for parties, elegant for dinners and galas.",
  "Download the images you like: the list here is kept only while this page is open.",
] as const;
