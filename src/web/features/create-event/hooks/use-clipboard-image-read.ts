import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};
const canReadClipboard = () => typeof navigator.clipboard?.read === "function";
const notOnServer = () => false;

/** Whether this browser can read images from the clipboard on request (false while server rendering). */
export function useCanReadClipboardImages(): boolean {
  return useSyncExternalStore(noSubscription, canReadClipboard, notOnServer);
}

/** The first image on the clipboard, or null when there is none. Rejects when the browser refuses access. */
export async function readClipboardImage(): Promise<Blob | null> {
  for (const item of await navigator.clipboard.read()) {
    const type = item.types.find((candidate) => candidate.startsWith("image/"));
    if (type) return item.getType(type);
  }
  return null;
}
