import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { MIN_PASSWORD_LENGTH } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { paths } from "~/paths";
import { resetPassword } from "../api/reset-password";
import { useServerResult } from "../hooks/use-server-result";
import { fieldProblem, INTENT_FIELD, type AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, resetPasswordFailureToast } from "../lib/auth-toasts";
import { newPasswordProblem, type FormProblem } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { focusField } from "./focus-field";
import { FormNote } from "./form-note";
import { FormProblemNote } from "./form-problem-note";

type NewPasswordField = "password" | "confirmation";

/**
 * 'Reset Your Password', shown for a recovery link (spec §2 Auth, §4 Auth, §5 New password). It posts to
 * the page, so it also works before the page's scripts run; `result` is the server's answer then.
 */
export function NewPasswordForm({ token, result }: { token: string; result?: AuthFormResult }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [serverResult, clearServerResult] = useServerResult(result);
  const [problem, setProblem] = useState<FormProblem<NewPasswordField> | null>(() => fieldProblem(result, ["password", "confirmation"]));
  const [pending, setPending] = useState(false);
  const navigate = useNavigate();

  const errorFor = (field: NewPasswordField) => (problem?.field === field ? problem.toast.description : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearServerResult();
    const found = newPasswordProblem({ password, confirmation });
    setProblem(found);
    if (found) {
      showErrorToast(found.toast);
      focusField(event.currentTarget, found.field);
      return;
    }
    setPending(true);
    try {
      await resetPassword({ newPassword: password, token });
      showSuccessToast(AUTH_TOASTS.passwordUpdated);
      setPassword("");
      setConfirmation("");
      setPending(false);
      // Leaves reset mode: the home page, without the spent token in the address.
      void navigate(paths.home, { replace: true });
    } catch (error) {
      showErrorToast(resetPasswordFailureToast(error));
      setPending(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <input type="hidden" name={INTENT_FIELD} value="new-password" />
      <input type="hidden" name="token" value={token} />
      <FormProblemNote result={serverResult} />
      <FormNote>
        <strong className="font-semibold">{AUTH_TOASTS.readyToReset.title}</strong>
        <br />
        {AUTH_TOASTS.readyToReset.description}
      </FormNote>
      <Field id="new-password" label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errorFor("password")}>
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
      <Field id="confirm-password" label="Confirm password" error={errorFor("confirmation")}>
        <Input
          name="confirmation"
          type="password"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Updating password..." : "Update Password"}
      </Button>
    </form>
  );
}
