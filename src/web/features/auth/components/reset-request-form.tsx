import { useState, type FormEvent } from "react";
import { requestPasswordReset } from "../api/auth-calls";
import { useAuthForm } from "../hooks/use-auth-form";
import type { AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, failureToast } from "../lib/auth-toasts";
import { isEmailLike } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { AuthForm, EmailField, SubmitButton } from "./auth-form";
import { FormNote } from "./form-note";

/** The Reset tab: e-mails a password-reset link (spec §2 Auth, §5 Password reset). */
export function ResetRequestForm({
  email,
  onEmailChange,
  result,
  autoFocus = false,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  /** The server's answer to the form posted before the page's scripts ran. */
  result?: AuthFormResult;
  /** True when the user came from 'Forgot your password?'. */
  autoFocus?: boolean;
}) {
  const form = useAuthForm(result, ["email"]);
  const [sentTo, setSentTo] = useState<string | null>(result?.sent ? (result.email ?? null) : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!form.start(event.currentTarget, isEmailLike(address) ? null : { field: "email", toast: AUTH_TOASTS.invalidEmail })) return;
    try {
      await requestPasswordReset({ email: address });
      showSuccessToast(AUTH_TOASTS.resetEmailSent);
      setSentTo(address);
    } catch (error) {
      showErrorToast(failureToast("Error sending reset email", error));
    }
    form.setPending(false);
  }

  return (
    <AuthForm intent="reset" serverResult={form.serverResult} onSubmit={submit}>
      <p className="text-sm text-muted">Enter the email you signed up with and we'll send you a link to choose a new password.</p>
      <EmailField
        id="reset-email"
        value={email}
        error={form.error}
        autoFocus={autoFocus}
        onChange={(value) => {
          onEmailChange(value);
          form.clearProblem();
        }}
      />
      {sentTo && (
        <FormNote tone="success">
          If an account exists for <strong className="break-all">{sentTo}</strong>, a reset link is on its way. Check your inbox and open the
          link on this device.
        </FormNote>
      )}
      <SubmitButton pending={form.pending} pendingLabel="Sending...">
        Send Reset Email
      </SubmitButton>
    </AuthForm>
  );
}
