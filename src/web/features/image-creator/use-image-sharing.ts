import { toast } from "~/lib/toast";
import { IMAGE_CREATOR_TEXT, type GeneratedImage } from "@domain";
import { downloadFileName, isMobileDevice, isSameOriginImage, saveInstructionsPage } from "./image-creator";

const absolute = (url: string) => new URL(url, window.location.href).href;

async function imageBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

/** Phones: a new tab showing the image with how to save it (a download link does little there). */
function openSaveInstructions(image: GeneratedImage) {
  const page = URL.createObjectURL(new Blob([saveInstructionsPage(absolute(image.imageUrl))], { type: "text/html" }));
  const tab = window.open(page, "_blank");
  setTimeout(() => URL.revokeObjectURL(page), 60_000);
  if (!tab) throw new Error("The new tab was blocked");
}

/** spec §7 and §8: Download (fetched as a blob) and Share (native share, else copy the address). */
export function useImageSharing() {
  async function download(image: GeneratedImage) {
    try {
      // Phones save from a page of their own; so do images in object storage, which this page's
      // content security policy does not let it fetch.
      if (isMobileDevice(navigator.userAgent, navigator.maxTouchPoints) || !isSameOriginImage(image.imageUrl)) return openSaveInstructions(image);
      const blob = await imageBlob(image.imageUrl);
      const href = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = href;
      link.download = downloadFileName(image);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch {
      toast.error(IMAGE_CREATOR_TEXT.downloadFailed);
    }
  }

  async function share(image: GeneratedImage) {
    const url = absolute(image.imageUrl);
    try {
      // Called straight from the click: some browsers refuse to share once the gesture is spent.
      if (typeof navigator.share === "function") return await navigator.share({ title: "Event image", url });
      await navigator.clipboard.writeText(url);
      toast.success(IMAGE_CREATOR_TEXT.urlCopied);
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      toast.error(IMAGE_CREATOR_TEXT.shareFailed);
    }
  }

  return { download, share };
}
