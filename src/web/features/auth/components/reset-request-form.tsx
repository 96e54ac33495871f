import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { requestPasswordReset } from "../api/request-password-reset";
import { AUTH_TOASTS, failureToast } from "../lib/auth-toasts";
import { isEmailLike } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { FormNote } from "./form-note";

/** The Reset tab: e-mails a password-reset link (spec §2 Auth, §5 Password reset). */
export function ResetRequestForm({
  email,
  onEmailChange,
  autoFocus = false,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  /** True when the user came from 'Forgot your password?'. */
  autoFocus?: boolean;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!isEmailLike(address)) {
      setProblem(AUTH_TOASTS.invalidEmail.description);
      showErrorToast(AUTH_TOASTS.invalidEmail);
      const field = event.currentTarget.elements.namedItem("email");
      if (field instanceof HTMLElement) field.focus();
      return;
    }
    setProblem(null);
    setPending(true);
    try {
      await requestPasswordReset({ email: address });
      showSuccessToast(AUTH_TOASTS.resetEmailSent);
      setSentTo(address);
    } catch (error) {
      showErrorToast(failureToast("Error sending reset email", error));
    }
    setPending(false);
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="text-sm text-muted">Enter the email you signed up with and we'll send you a link to choose a new password.</p>
      <Field id="reset-email" label="Email" error={problem}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus={autoFocus}
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            setProblem(null);
          }}
        />
      </Field>
      {sentTo && (
        <FormNote tone="success">
          If an account exists for <strong className="break-all">{sentTo}</strong>, a reset link is on its way. Check your inbox and open the
          link on this device.
        </FormNote>
      )}
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Sending..." : "Send Reset Email"}
      </Button>
    </form>
  );
}
