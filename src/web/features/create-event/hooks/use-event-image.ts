import type { ClipboardEvent } from "react";
import { toast } from "~/lib/toast";
import { EVENT_TOASTS, type ToastText } from "../lib/event-toasts";
import {
  imageFileProblem,
  isUploadDisabled,
  NO_IMAGE,
  pastedImageFile,
  pastedImageItem,
  shouldTakePastedImage,
  withFile,
  withUrl,
  type ImageSource,
} from "../lib/image-source";
import { readClipboardImage } from "./use-clipboard-image-read";
import { usePendingImage } from "./use-pending-image";

function isTextField(target: EventTarget): boolean {
  return target instanceof HTMLTextAreaElement || (target instanceof HTMLInputElement && target.type !== "file");
}

/**
 * The event image's two sources, a file and a URL, kept to the rules of spec §4 Create/edit form, plus
 * pasting from the clipboard. The URL itself lives in the form's values.
 */
export function useEventImage({
  url,
  onUrlChange,
  onAccepted,
  onRejected,
}: {
  url: string;
  onUrlChange: (url: string) => void;
  /** A file was taken as the image. */
  onAccepted: () => void;
  /** A file that cannot be the image: the toast to show and the reason to show beside the field. */
  onRejected: (toastText: ToastText, reason: string) => void;
}) {
  const [pending, replacePending] = usePendingImage();
  const current: ImageSource = { file: pending?.file ?? null, url };

  function apply(next: ImageSource) {
    if (next.file !== current.file) replacePending(next.file);
    if (next.url !== current.url) onUrlChange(next.url);
  }

  /** Takes a chosen or pasted file; false when it is refused. */
  function chooseFile(file: File): boolean {
    const reason = imageFileProblem(file);
    if (reason) {
      onRejected({ title: EVENT_TOASTS.imageUploadFailed.title, description: reason }, reason);
      return false;
    }
    apply(withFile(file));
    onAccepted();
    return true;
  }

  function takePasted(image: Blob, failure: ToastText) {
    if (image.size === 0) return toast.error(failure.title);
    if (chooseFile(pastedImageFile(image))) toast.success(EVENT_TOASTS.imagePasted.title);
  }

  /** Ctrl+V / ⌘V anywhere in the form. */
  function handlePaste(event: ClipboardEvent<HTMLFormElement>) {
    const items = event.clipboardData.items;
    const index = pastedImageItem(items);
    const take = shouldTakePastedImage({
      hasImage: index >= 0,
      hasText: event.clipboardData.types.includes("text/plain"),
      intoTextField: isTextField(event.target),
      uploadDisabled: isUploadDisabled(current),
    });
    if (!take) return;
    event.preventDefault();
    try {
      const image = items[index]?.getAsFile();
      if (!image) return toast.error(EVENT_TOASTS.pasteProcessFailed.title);
      takePasted(image, EVENT_TOASTS.pasteProcessFailed);
    } catch {
      toast.error(EVENT_TOASTS.pasteProcessFailed.title);
    }
  }

  /** The Paste image button. */
  async function pasteFromClipboard() {
    try {
      const image = await readClipboardImage();
      if (!image) return toast.error(EVENT_TOASTS.pasteFailed.title, { description: "There is no image on the clipboard." });
      takePasted(image, EVENT_TOASTS.pasteFailed);
    } catch {
      toast.error(EVENT_TOASTS.pasteFailed.title);
    }
  }

  return {
    pending,
    file: current.file,
    chooseFile,
    typeUrl: (next: string) => apply(withUrl(current, next)),
    clear: () => apply(NO_IMAGE),
    handlePaste,
    pasteFromClipboard,
  };
}
