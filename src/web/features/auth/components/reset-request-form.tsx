import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { requestPasswordReset } from "../api/request-password-reset";
import { useServerResult } from "../hooks/use-server-result";
import { fieldProblem, INTENT_FIELD, type AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, failureToast } from "../lib/auth-toasts";
import { isEmailLike } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { FormNote } from "./form-note";
import { FormProblemNote } from "./form-problem-note";

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
  const [serverResult, clearServerResult] = useServerResult(result);
  const [problem, setProblem] = useState<string | null>(() => fieldProblem(result, ["email"])?.toast.description ?? null);
  const [sentTo, setSentTo] = useState<string | null>(result?.sent ? (result.email ?? null) : null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearServerResult();
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
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <input type="hidden" name={INTENT_FIELD} value="reset" />
      <FormProblemNote result={serverResult} />
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
