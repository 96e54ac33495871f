import { ImageUp, X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Avatar } from "~/components/ui/avatar";
import { Button, fileButtonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { AVATAR_ACCEPT, avatarFileProblem, type ProfileProblem } from "./profile-form";

/** An image chosen on this device, uploaded when the form is saved. */
export interface PendingAvatar {
  file: File;
  previewUrl: string;
}

/**
 * The profile picture: upload a file (previewed here, uploaded on save) or paste a web address.
 * Choosing a file clears the address and typing an address drops the file; Remove clears both.
 */
export function AvatarField({
  name,
  url,
  onUrlChange,
  pending,
  onPendingChange,
  onFileRejected,
  error,
}: {
  name: string;
  url: string;
  onUrlChange: (url: string) => void;
  pending: PendingAvatar | null;
  onPendingChange: (pending: PendingAvatar | null) => void;
  /** A chosen file that is not a JPG, PNG or WebP of up to 5 MB. */
  onFileRejected: (problem: ProfileProblem) => void;
  error?: string | null;
}) {
  const fileInputId = useId();
  // The preview's object URL is released when replaced and when the form goes away.
  const latestPreview = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (latestPreview.current) URL.revokeObjectURL(latestPreview.current);
    },
    [],
  );

  function replacePending(file: File | null) {
    if (latestPreview.current) URL.revokeObjectURL(latestPreview.current);
    const next = file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    latestPreview.current = next?.previewUrl ?? null;
    onPendingChange(next);
  }

  const shown = pending?.previewUrl ?? (url.trim() || null);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar name={name} url={shown} className="size-24 text-3xl ring-4 ring-brand-50" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <label
            htmlFor={fileInputId}
            className={fileButtonClass()}
          >
            <ImageUp aria-hidden="true" />
            {pending ? "Choose another image" : "Upload image"}
            <input
              id={fileInputId}
              type="file"
              accept={AVATAR_ACCEPT}
              className="sr-only"
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                // Cleared so that choosing the same file again still counts as a change.
                event.target.value = "";
                if (!chosen) return;
                const problem = avatarFileProblem(chosen);
                if (problem) return onFileRejected(problem);
                replacePending(chosen);
                onUrlChange("");
              }}
            />
          </label>
          {(pending || url) && (
            <Button
              type="button"
              variant="ghost"
              onClick={() => {
                replacePending(null);
                onUrlChange("");
              }}
            >
              <X aria-hidden="true" />
              Remove picture
            </Button>
          )}
        </div>
        <p className="text-xs text-muted">
          {pending && (
            <>
              <span className="break-all font-semibold text-ink">{pending.file.name}</span> will be uploaded when you save.{" "}
            </>
          )}
          JPG, PNG or WebP, max 5MB.
        </p>
        <Field id="profile-avatar-url" label="Or paste an image URL" error={error}>
          <Input
            name="avatarUrl"
            type="url"
            inputMode="url"
            placeholder="https://…"
            value={url}
            onChange={(event) => {
              onUrlChange(event.target.value);
              if (event.target.value && pending) replacePending(null);
            }}
          />
        </Field>
      </div>
    </div>
  );
}
