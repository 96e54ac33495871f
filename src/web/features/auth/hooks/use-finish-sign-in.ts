import { useCallback } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeReturnPath } from "@domain";
import { paths } from "~/paths";
import type { ToastText } from "../lib/auth-toasts";
import { setRememberedEmail } from "../lib/remembered-email";
import { clearSignedOutMark } from "~/lib/session-store";
import { showSuccessToast } from "../lib/show-toast";

/**
 * After any successful sign-in: remember the e-mail or forget it as the Sign In form's box says (forms
 * without the box leave it as it is), say so, and go where the user was heading (the
 * `redirect` parameter when it stays on this site) or home. Leaving /auth re-reads the session in the
 * root loader (root.tsx shouldRevalidate), so the header updates.
 */
export function useFinishSignIn(): (result: { email?: string; remember?: boolean; toast: ToastText }) => void {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get("redirect")) ?? paths.home;
  return useCallback(
    ({ email, remember, toast }) => {
      clearSignedOutMark();
      if (email && remember !== undefined) setRememberedEmail(email, remember);
      showSuccessToast(toast);
      void navigate(returnTo, { replace: true });
    },
    [navigate, returnTo],
  );
}
