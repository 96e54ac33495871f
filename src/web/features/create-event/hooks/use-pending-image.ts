import { useCallback, useEffect, useRef, useState } from "react";

/** An image file chosen or pasted on this device, sent with the event when the form is saved. */
export interface PendingImage {
  file: File;
  previewUrl: string;
}

/** Holds the pending image file with an object URL for its preview, released when replaced and when the form goes away. */
export function usePendingImage(): [PendingImage | null, (file: File | null) => void] {
  const [pending, setPending] = useState<PendingImage | null>(null);
  const latestPreview = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (latestPreview.current) URL.revokeObjectURL(latestPreview.current);
    },
    [],
  );
  const replace = useCallback((file: File | null) => {
    if (latestPreview.current) URL.revokeObjectURL(latestPreview.current);
    const next = file ? { file, previewUrl: URL.createObjectURL(file) } : null;
    latestPreview.current = next?.previewUrl ?? null;
    setPending(next);
  }, []);
  return [pending, replace];
}
