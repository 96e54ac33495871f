import { toast } from "~/lib/toast";
import type { ToastText } from "./auth-toasts";

export function showErrorToast({ title, description }: ToastText): void {
  toast.error(title, description ? { description } : undefined);
}

export function showSuccessToast({ title, description }: ToastText): void {
  toast.success(title, description ? { description } : undefined);
}
