import type { Sharp } from "sharp";
import { AppError } from "../../../domain";

/** spec §9 Display: images up to 5 MB (decisions D15: enforced here). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Beyond this a small file can still expand into gigabytes of pixels (a decompression bomb). */
const MAX_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/**
 * Opens an uploaded image after deciding its type from the bytes, never from the name or the
 * declared type: JPG, PNG and WebP only (so no SVG with script, no renamed files), of a sane size.
 * The returned pipeline is auto-rotated; sharp writes no metadata unless asked, so EXIF is stripped.
 */
export async function openUploadedImage(bytes: Buffer): Promise<Sharp> {
  // sharp throws at once (not in its promise) on an empty buffer.
  if (bytes.length === 0) throw new AppError("UNSUPPORTED_IMAGE", "The file is empty. Please choose a JPG, PNG or WebP image.");
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError("IMAGE_TOO_LARGE", "The image is larger than 5 MB. Please choose a smaller one.");
  // Loaded on the first upload, not at start-up (a native library).
  const { default: sharp } = await import("sharp");
  const meta = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !ACCEPTED_FORMATS.has(meta.format)) {
    throw new AppError("UNSUPPORTED_IMAGE", "That file is not a JPG, PNG or WebP image. Please choose a photo in one of those formats.");
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) {
    throw new AppError("IMAGE_TOO_LARGE", "The image has too many pixels (40 megapixels at most). Please choose a smaller one.");
  }
  // Decode once in full: a truncated or corrupt file fails here rather than halfway through saving.
  await sharp(bytes, { limitInputPixels: MAX_PIXELS })
    .stats()
    .catch(() => {
      throw new AppError("UNSUPPORTED_IMAGE", "That image could not be read: the file may be damaged. Please choose another.");
    });
  return sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate();
}
