/**
 * Event images this site stores (uploads and the demo posters) are 16:9 WebP in three widths side by
 * side: `name-1200.webp` for the event page, `name-800.webp` for a card on a phone's dense screen, and
 * `name-600.webp` for cards elsewhere and thumbnails. Images stored before the 800 px width existed are
 * `name.webp` beside `name-600.webp`, and keep working.
 */
export const EVENT_IMAGE_SIZES = [
  { width: 600, height: 338 },
  { width: 800, height: 450 },
  { width: 1200, height: 675 },
] as const;

export type EventImageWidth = (typeof EVENT_IMAGE_SIZES)[number]["width"];

/** The file name of one width of the image called `base`. */
export function eventImageFileName(base: string, width: EventImageWidth): string {
  return `${base}-${width}.webp`;
}

export interface ResponsiveImage {
  src: string;
  /** The 600 px variant, for places the image is never shown wide. */
  smallSrc: string;
  srcSet?: string;
}

// On disk under /media/, or in object storage under events/{id}/{hash}….webp.
const STORED = /^\/media\/|\/events\/[0-9a-f-]{36}\/[0-9a-f]{16}(-1200)?\.webp$/;

/**
 * An image this site stored (an upload or a demo poster), as opposed to an address someone typed: the
 * edit form shows it as a picture, never its storage path (issue 17).
 */
export function isStoredEventImage(url: string | null | undefined): boolean {
  return !!url && STORED.test(url.trim());
}

/** The sources to offer for an event image: every stored width, or any other address as it is. */
export function responsiveImage(url: string | null | undefined): ResponsiveImage | null {
  if (!url) return null;
  if (STORED.test(url) && url.endsWith("-1200.webp")) {
    const base = url.slice(0, -"-1200.webp".length);
    const srcSet = EVENT_IMAGE_SIZES.map(({ width }) => `${eventImageFileName(base, width)} ${width}w`).join(", ");
    return { src: url, smallSrc: eventImageFileName(base, 600), srcSet };
  }
  if (STORED.test(url) && url.endsWith(".webp") && !/-(600|800)\.webp$/.test(url)) {
    const small = url.replace(/\.webp$/, "-600.webp");
    return { src: url, smallSrc: small, srcSet: `${small} 600w, ${url} 1200w` };
  }
  return { src: url, smallSrc: url };
}
