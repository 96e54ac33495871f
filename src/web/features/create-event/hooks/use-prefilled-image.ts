import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { EVENT_TOASTS } from "../lib/event-toasts";

/** A picture made in the image creator and stored here (/media/generated/{user}/{hash}.png). */
const GENERATED_IMAGE = /^\/media\/generated\/[\w-]+\/[0-9a-f]+\.png$/;

/**
 * /create-event?image={url}: the image creator's 'Create an event with this image'. A picture stored
 * here becomes the pending upload (as if chosen from the device); one in object storage fills the
 * Image URL field.
 */
export function usePrefilledImage({ enabled, chooseFile, typeUrl }: { enabled: boolean; chooseFile: (file: File) => boolean; typeUrl: (url: string) => void }) {
  const [searchParams] = useSearchParams();
  const image = searchParams.get("image");
  const actions = useRef({ chooseFile, typeUrl });
  // Declared before the effect that uses them, so it always sees the current form's handlers.
  useEffect(() => {
    actions.current = { chooseFile, typeUrl };
  });

  useEffect(() => {
    if (!enabled || !image) return;
    if (/^https?:\/\//.test(image)) {
      actions.current.typeUrl(image);
      return;
    }
    if (!GENERATED_IMAGE.test(image)) return;
    let current = true;
    fetch(image)
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((blob) => {
        if (current) actions.current.chooseFile(new File([blob], "generated-image.png", { type: blob.type || "image/png" }));
      })
      .catch(() => {
        if (current) toast.error(EVENT_TOASTS.imageUploadFailed.title, { description: "The image from the image creator could not be loaded. Please add it again." });
      });
    return () => {
      current = false;
    };
  }, [enabled, image]);
}
