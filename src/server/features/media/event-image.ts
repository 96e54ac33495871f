import { createHash } from "node:crypto";
import type { FileStorage } from "../../providers/storage/storage";
import { openUploadedImage } from "./uploaded-image";

/** The detail page's size and the cards' -600 variant (the names responsiveImage expects). */
const DETAIL = { width: 1200, height: 675 } as const;
const CARD = { width: 600, height: 338 } as const;
const WEBP = { quality: 80 } as const;

/**
 * Re-encodes an uploaded event image to WebP in the detail and card sizes and stores both under the
 * event's id, replacing what was there (spec §3 Image storage: named by event id, upsert). The file
 * name carries a content hash so browsers and CDNs never show a stale picture.
 */
export async function storeEventImage({ storage, eventId, bytes }: { storage: FileStorage; eventId: string; bytes: Buffer }): Promise<string> {
  const image = await openUploadedImage(bytes);
  const detail = await image.clone().resize(DETAIL.width, DETAIL.height, { fit: "cover", position: "attention" }).webp(WEBP).toBuffer();
  const card = await image.clone().resize(CARD.width, CARD.height, { fit: "cover", position: "attention" }).webp(WEBP).toBuffer();
  const hash = createHash("sha256").update(detail).digest("hex").slice(0, 16);
  const prefix = `events/${eventId}/`;
  const detailKey = `${prefix}${hash}.webp`;
  const cardKey = `${prefix}${hash}-600.webp`;
  await storage.put(cardKey, card, "image/webp");
  const url = await storage.put(detailKey, detail, "image/webp");
  await storage.removeUnder(prefix, [detailKey, cardKey]);
  return url;
}

/** Removes an event's stored images (after the event is deleted, or a failed create). */
export async function removeEventImages({ storage, eventId }: { storage: FileStorage; eventId: string }): Promise<void> {
  await storage.removeUnder(`events/${eventId}/`);
}
