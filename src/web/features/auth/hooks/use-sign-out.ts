import { useCallback } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { markSignedOut } from "~/lib/session-store";
import { useSessionUser } from "~/hooks/use-session-user";

/**
 * Signs the user out (spec §4 Auth): the page shows them signed out at once; the server call, the
 * toast and the re-check follow from a module loaded on demand, which keeps the header's bundle small.
 */
export function useSignOut(): () => Promise<void> {
  const user = useSessionUser();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  return useCallback(async () => {
    if (user) markSignedOut(user.id);
    try {
      const { finishSignOut } = await import("../lib/finish-sign-out");
      await finishSignOut({ navigate, revalidate });
    } catch (error) {
      // The module could not load (offline): the page already shows the user signed out.
      console.warn("Sign-out could not be completed", error);
    }
  }, [user, navigate, revalidate]);
}
