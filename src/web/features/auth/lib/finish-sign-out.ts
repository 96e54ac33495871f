import type { NavigateFunction } from "react-router";
import { paths } from "~/paths";
import { signOutEverywhere } from "../api/auth-calls";
import { forgetUnaskedEmail } from "./remembered-email";
import { showSuccessToast } from "./show-toast";

/** spec §2 Header and footer. Kept apart from the other auth toasts so signing out loads only this module. */
export const SIGNED_OUT_TOAST = { title: "Signed out successfully", description: "You have been logged out of your account" };

/** spec §9 Timings: the session is re-checked 100 ms after signing out. */
export const SIGN_OUT_RECHECK_MS = 100;

/**
 * The rest of a sign-out once the page shows the user signed out: session storage and offline ticket
 * lists cleared, every session ended on the server, toast, home page. The e-mail stays for the next
 * sign-in only when its owner asked for it to be remembered (issue 34).
 */
export async function finishSignOut({ navigate, revalidate }: { navigate: NavigateFunction; revalidate: () => Promise<void> }) {
  try {
    window.sessionStorage.clear();
  } catch {
    // Storage may be blocked; there is nothing of ours in it then either.
  }
  forgetUnaskedEmail();
  try {
    const { forgetOfflineTicketLists } = await import("~/lib/offline-ticket-lists");
    await forgetOfflineTicketLists();
  } catch (error) {
    console.warn("Could not remove offline ticket lists", error);
  }
  try {
    await signOutEverywhere();
  } catch (error) {
    // spec §4: a failed logout still leaves this browser signed out; the failure is only logged.
    console.warn("Signing out on the server failed", error);
  }
  showSuccessToast(SIGNED_OUT_TOAST);
  await navigate(paths.home);
  setTimeout(() => void revalidate(), SIGN_OUT_RECHECK_MS);
}
