import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { MIN_PASSWORD_LENGTH } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paths } from "~/paths";
import { resetPassword } from "../api/auth-calls";
import { useAuthForm } from "../hooks/use-auth-form";
import type { AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, resetPasswordFailureToast } from "../lib/auth-toasts";
import { newPasswordProblem } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { AuthForm, SubmitButton } from "./auth-form";
import { FormNote } from "./form-note";

/**
 * 'Reset Your Password', shown for a recovery link (spec §2 Auth, §4 Auth, §5 New password). It posts to
 * the page, so it also works before the page's scripts run; `result` is the server's answer then.
 */
export function NewPasswordForm({ token, result }: { token: string; result?: AuthFormResult }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const form = useAuthForm(result, ["password", "confirmation"]);
  const navigate = useNavigate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.start(event.currentTarget, newPasswordProblem({ password, confirmation }))) return;
    try {
      await resetPassword({ newPassword: password, token });
      showSuccessToast(AUTH_TOASTS.passwordUpdated);
      setPassword("");
      setConfirmation("");
      form.setPending(false);
      // Leaves reset mode: the home page, without the spent token in the address.
      void navigate(paths.home, { replace: true });
    } catch (error) {
      showErrorToast(resetPasswordFailureToast(error));
      form.setPending(false);
    }
  }

  return (
    <AuthForm intent="new-password" serverResult={form.serverResult} onSubmit={submit}>
      <input type="hidden" name="token" value={token} />
      <FormNote>
        <strong className="font-semibold">{AUTH_TOASTS.readyToReset.title}</strong>
        <br />
        {AUTH_TOASTS.readyToReset.description}
      </FormNote>
      <Field id="new-password" label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={form.errorFor("password")}>
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field id="confirm-password" label="Confirm password" error={form.errorFor("confirmation")}>
        <Input
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </Field>
      <SubmitButton pending={form.pending} pendingLabel="Updating password...">
        Update Password
      </SubmitButton>
    </AuthForm>
  );
}
