// The event image comes from a file (chosen or pasted) or from a web address, never both
// (spec §4 Create/edit form). The server re-checks every file (decisions.md D15); these checks only
// spare the organiser a wasted upload.

import { isStoredEventImage } from "@domain";

/** spec §9 Display: 'Max 5MB', formats JPG, PNG, WebP. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

export interface ImageSource {
  file: File | null;
  url: string;
}

export const NO_IMAGE: ImageSource = { file: null, url: "" };

/** Uploading (or pasting) a file clears the URL field. */
export function withFile(file: File): ImageSource {
  return { file, url: "" };
}

/** Typing a URL clears the file; clearing the URL keeps whatever file there is (none, by the rule above). */
export function withUrl(current: ImageSource, url: string): ImageSource {
  return { file: url.trim() ? null : current.file, url };
}

/**
 * The upload input is disabled while a URL is typed. An image the site already stores (the event's
 * upload, on edit) is no typed URL: a new file simply replaces it.
 */
export function isUploadDisabled(source: ImageSource): boolean {
  return source.url.trim() !== "" && !isStoredEventImage(source.url);
}

/** What the URL field shows: a typed address as it is, a stored image's path never (issue 17). */
export function typedImageUrl(url: string): string {
  return isStoredEventImage(url) ? "" : url;
}

export function hasImage(source: ImageSource): boolean {
  return source.file !== null || source.url.trim() !== "";
}

/** Why a file cannot be the event's image, or null when it can. */
export function imageFileProblem(file: Pick<File, "type" | "size">): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "This file is not a JPG, PNG or WebP image. Please choose one of those.";
  if (file.size > IMAGE_MAX_BYTES) return "This image is larger than 5MB. Please choose a smaller one.";
  return null;
}

/** spec §4: a pasted image becomes pasted-image-{timestamp}.png. */
export function pastedImageFile(image: Blob, now: number = Date.now()): File {
  return new File([image], `pasted-image-${now}.png`, { type: image.type || "image/png" });
}

/** The first image among a paste's items (DataTransferItemList is array-like). */
export function pastedImageItem(items: ArrayLike<Pick<DataTransferItem, "kind" | "type">>): number {
  return Array.from(items).findIndex((item) => item.kind === "file" && item.type.startsWith("image/"));
}

/**
 * Whether a paste should become the event image. Text pasted into a text field stays text, even when
 * the clipboard also holds a picture of it (office apps put both there); and, like the upload input,
 * a paste takes no file while an image URL is set.
 */
export function shouldTakePastedImage(paste: { hasImage: boolean; hasText: boolean; intoTextField: boolean; uploadDisabled: boolean }): boolean {
  return paste.hasImage && !paste.uploadDisabled && !(paste.intoTextField && paste.hasText);
}
