import { ImageOff, ImagePlus } from "lucide-react";
import { useState } from "react";

export const IMAGE_FAILED_MESSAGE = "Image failed to load - please check the URL";

/** The event image as it will be shown (16:9), a drop-in placeholder when there is none, or why it cannot be shown. */
export function ImagePreview({ src }: { src: string | null }) {
  // Kept per address: a new address gets a fresh try.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && src === failedSrc;
  return (
    <div>
      <div className="relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-2xl border border-dashed border-brand-200 bg-brand-50/60">
        {src && !failed ? (
          <img src={src} alt="Preview of the event image" className="size-full object-cover" onError={() => setFailedSrc(src)} />
        ) : (
          <div className="flex flex-col items-center gap-2 px-6 text-center text-sm text-brand-900/80">
            {failed ? <ImageOff className="size-8" aria-hidden="true" /> : <ImagePlus className="size-8" aria-hidden="true" />}
            <span>{failed ? "No preview" : "Upload an image, paste one (Ctrl+V or ⌘V) or enter its URL"}</span>
          </div>
        )}
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-medium text-amber-900 empty:mt-0">
        {failed ? IMAGE_FAILED_MESSAGE : null}
      </p>
    </div>
  );
}
