import type { toast as sonnerToast } from "sonner";

type Kind = "success" | "error" | "info" | "warning";
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

let sonner: Promise<typeof import("sonner")> | undefined;

/**
 * sonner's `toast`, loaded on first use. sonner is 9 KiB of script that injects its stylesheet when
 * imported; the toaster that shows the toasts loads after hydration (root.tsx), so pages that only
 * toast after a click keep both off their first load.
 */
function show(kind: Kind): Show {
  return (message, data) => {
    sonner ??= import("sonner");
    void sonner.then(({ toast }) => toast[kind](message, data));
  };
}

export const toast = { success: show("success"), error: show("error"), info: show("info"), warning: show("warning") };
