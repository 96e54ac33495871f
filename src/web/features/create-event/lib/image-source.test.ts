import { describe, expect, it } from "vitest";
import {
  hasImage,
  imageFileProblem,
  IMAGE_MAX_BYTES,
  isUploadDisabled,
  NO_IMAGE,
  pastedImageFile,
  pastedImageItem,
  shouldTakePastedImage,
  typedImageUrl,
  withFile,
  withUrl,
} from "./image-source";

const photo = new File([new Uint8Array([1, 2, 3])], "poster.jpg", { type: "image/jpeg" });

describe("image source rules (spec §4 Create/edit form)", () => {
  it("uploading a file clears the URL", () => {
    expect(withFile(photo)).toEqual({ file: photo, url: "" });
  });

  it("typing a URL clears the file; clearing the URL leaves no image", () => {
    const withPhoto = withFile(photo);
    expect(withUrl(withPhoto, "https://example.com/a.png")).toEqual({ file: null, url: "https://example.com/a.png" });
    expect(withUrl(withPhoto, "")).toEqual({ file: photo, url: "" });
    expect(hasImage(withUrl(NO_IMAGE, ""))).toBe(false);
  });

  it("disables the upload while a URL is set", () => {
    expect(isUploadDisabled({ file: null, url: "https://example.com/a.png" })).toBe(true);
    expect(isUploadDisabled({ file: null, url: "  " })).toBe(false);
    expect(isUploadDisabled(withFile(photo))).toBe(false);
  });

  it("shows the event's stored image as a picture, never its storage path, and lets a file replace it (issue 17)", () => {
    const stored = "/media/events/0b7c1f52-9f3a-4c43-a3a2-8c1d2e3f4a5b/0123456789abcdef-1200.webp";
    expect(typedImageUrl(stored)).toBe("");
    expect(typedImageUrl("/media/seed/summer-jazz-1200.webp")).toBe("");
    expect(typedImageUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(isUploadDisabled({ file: null, url: stored })).toBe(false);
  });
});

describe("imageFileProblem (Max 5MB; JPG, PNG, WebP)", () => {
  it("takes JPG, PNG and WebP up to 5MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp"]) expect(imageFileProblem({ type, size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it("refuses other types and larger files, saying why", () => {
    expect(imageFileProblem({ type: "image/gif", size: 10 })).toMatch(/JPG, PNG or WebP/);
    expect(imageFileProblem({ type: "application/pdf", size: 10 })).toMatch(/JPG, PNG or WebP/);
    expect(imageFileProblem({ type: "image/png", size: IMAGE_MAX_BYTES + 1 })).toMatch(/larger than 5MB/);
  });
});

describe("pasting an image", () => {
  it("names the file pasted-image-{timestamp}.png and keeps its type", () => {
    const file = pastedImageFile(new Blob([new Uint8Array([1])], { type: "image/png" }), 1_700_000_000_000);
    expect(file.name).toBe("pasted-image-1700000000000.png");
    expect(file.type).toBe("image/png");
    expect(pastedImageFile(new Blob([new Uint8Array([1])]), 1).type).toBe("image/png");
  });

  it("finds the first image among the pasted items", () => {
    expect(pastedImageItem([{ kind: "string", type: "text/plain" }, { kind: "file", type: "image/png" }])).toBe(1);
    expect(pastedImageItem([{ kind: "file", type: "application/pdf" }])).toBe(-1);
  });

  it("leaves text pasted into a text field alone, and takes no file while a URL is set", () => {
    const paste = { hasImage: true, hasText: false, intoTextField: false, uploadDisabled: false };
    expect(shouldTakePastedImage(paste)).toBe(true);
    expect(shouldTakePastedImage({ ...paste, intoTextField: true })).toBe(true);
    expect(shouldTakePastedImage({ ...paste, intoTextField: true, hasText: true })).toBe(false);
    expect(shouldTakePastedImage({ ...paste, hasText: true })).toBe(true);
    expect(shouldTakePastedImage({ ...paste, uploadDisabled: true })).toBe(false);
    expect(shouldTakePastedImage({ ...paste, hasImage: false })).toBe(false);
  });
});
