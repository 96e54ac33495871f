import { ClipboardPaste, ImageOff, ImagePlus, ImageUp, X } from "lucide-react";
import { useId, useState } from "react";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { useCanReadClipboardImages } from "../hooks/use-clipboard-image-read";
import type { PendingImage } from "../hooks/use-pending-image";
import { IMAGE_ACCEPT, isUploadDisabled, typedImageUrl } from "../lib/image-source";

/**
 * The event image: upload a file, paste one, or enter a web address (spec §4 Create/edit form). A file
 * clears the address, an address drops the file, and the upload is disabled while an address is set.
 */
export function EventImageField({
  url,
  pending,
  error,
  onUrlChange,
  onFileChosen,
  onPasteRequested,
  onClear,
}: {
  url: string;
  pending: PendingImage | null;
  error: string | null;
  onUrlChange: (url: string) => void;
  onFileChosen: (file: File) => void;
  /** The Paste image button: read the clipboard. */
  onPasteRequested: () => void;
  onClear: () => void;
}) {
  const id = useId();
  const fileInputId = `${id}-file`;
  const urlInputId = `${id}-url`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const canPaste = useCanReadClipboardImages();
  const urlSet = url.trim() !== "";
  const uploadDisabled = isUploadDisabled({ file: null, url });
  // The event's own stored image (on edit): shown as a picture, its storage path never.
  const stored = urlSet && typedImageUrl(url) === "";
  const describedBy = [error ? errorId : null, hintId].filter(Boolean).join(" ");

  return (
    <div className="flex flex-col gap-4">
      <ImagePreview src={pending?.previewUrl ?? (url.trim() || null)} />
      <div className="flex flex-wrap items-center gap-2">
        <label
          htmlFor={fileInputId}
          className={cn(
            buttonVariants({ variant: "outline" }),
            "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
            "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
          )}
        >
          <ImageUp aria-hidden="true" />
          {pending ? "Choose another image" : stored ? "Change image" : "Upload image"}
          <input
            id={fileInputId}
            name="imageFile"
            type="file"
            accept={IMAGE_ACCEPT}
            disabled={uploadDisabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="sr-only"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              // Cleared so that choosing the same file again still counts as a change.
              event.target.value = "";
              if (chosen) onFileChosen(chosen);
            }}
          />
        </label>
        {canPaste && (
          <Button type="button" variant="outline" disabled={uploadDisabled} onClick={onPasteRequested}>
            <ClipboardPaste aria-hidden="true" />
            Paste image
          </Button>
        )}
        {(pending || urlSet) && (
          <Button type="button" variant="ghost" size="icon" aria-label="Remove image" title="Remove image" onClick={onClear}>
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-muted">
        {pending && (
          <>
            <span className="break-all font-semibold text-ink">{pending.file.name}</span> will be uploaded when you save.{" "}
          </>
        )}
        {!pending && stored && "The event's current image. "}
        {uploadDisabled && "Remove the image URL to upload or paste a file instead. "}
        <span className="font-semibold">Max 5MB</span> · JPG, PNG, WebP
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={urlInputId}>Or enter an image URL</Label>
        <Input
          id={urlInputId}
          name="imageUrl"
          type="url"
          inputMode="url"
          placeholder="https://…"
          value={typedImageUrl(url)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onUrlChange(event.target.value)}
        />
      </div>
    </div>
  );
}

const IMAGE_FAILED_MESSAGE = "Image failed to load - please check the URL";

/** The event image as it will be shown (16:9), a drop-in placeholder when there is none, or why it cannot be shown. */
function ImagePreview({ src }: { src: string | null }) {
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
