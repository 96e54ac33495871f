import type { toast as sonnerToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning";
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

let sonner: Promise<typeof import("sonner")> | undefined;

// Whether a toast has been asked for: the toaster (root.tsx) mounts then, not before.
let requested = false;
const requestListeners = new Set<() => void>();

export function subscribeToToastRequests(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => requestListeners.delete(listener);
}

export const toastRequested = () => requested;

/**
 * sonner's `toast`, loaded on first use. sonner is 9 kB of script that injects its stylesheet when
 * imported; the toaster that shows the toasts mounts at the first toast too (root.tsx), so a page that
 * shows none never loads either (decision 018).
 */
function show(kind: Kind): Show {
  return (message, data) => {
    if (!requested) {
      requested = true;
      for (const listener of requestListeners) listener();
    }
    sonner ??= import("sonner");
    void sonner.then(({ toast }) => toast[kind](message, data));
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };
