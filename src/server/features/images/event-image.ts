import { createHash } from "node:crypto";
import { EVENT_IMAGE_SIZES, eventImageFileName } from "../../../domain";
import type { FileStorage } from "../../providers/storage/storage";
import { openUploadedImage } from "./uploaded-image";

const WEBP = { quality: 80 } as const;

/**
 * Re-encodes an uploaded event image to WebP in each of EVENT_IMAGE_SIZES and stores them under the
 * event's id, replacing what was there (spec §3 Image storage: named by event id, upsert). The file
 * name carries a content hash so browsers and CDNs never show a stale picture.
 */
export async function storeEventImage({ storage, eventId, bytes }: { storage: FileStorage; eventId: string; bytes: Buffer }): Promise<string> {
  const image = await openUploadedImage(bytes);
  const variants = await Promise.all(
    EVENT_IMAGE_SIZES.map(async ({ width, height }) => ({
      width,
      bytes: await image.clone().resize(width, height, { fit: "cover", position: "attention" }).webp(WEBP).toBuffer(),
    })),
  );
  const largest = variants.at(-1)!;
  const hash = createHash("sha256").update(largest.bytes).digest("hex").slice(0, 16);
  const prefix = `events/${eventId}/`;
  const keys = variants.map(({ width }) => `${prefix}${eventImageFileName(hash, width)}`);
  // The smaller widths first: the event's address (the largest) must never point at a missing variant.
  const urls: string[] = [];
  for (const [i, variant] of variants.entries()) urls.push(await storage.put(keys[i]!, variant.bytes, "image/webp"));
  await storage.removeUnder(prefix, keys);
  return urls.at(-1)!;
}

/** Removes an event's stored images (after the event is deleted, or a failed create). */
export async function removeEventImages({ storage, eventId }: { storage: FileStorage; eventId: string }): Promise<void> {
  await storage.removeUnder(`events/${eventId}/`);
}
