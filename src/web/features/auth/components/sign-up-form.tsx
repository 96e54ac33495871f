import { useState, type FormEvent } from "react";
import { latestAllowedDateOfBirth, MIN_PASSWORD_LENGTH } from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { signUpWithEmail } from "../api/sign-up-email";
import { useServerResult } from "../hooks/use-server-result";
import { fieldProblem, INTENT_FIELD, type AuthFormResult } from "../lib/auth-form";
import { useFinishSignIn } from "../hooks/use-finish-sign-in";
import { AUTH_TOASTS, signUpFailureToast } from "../lib/auth-toasts";
import { signUpProblem, type FormProblem } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { focusField } from "./focus-field";
import { FormProblemNote } from "./form-problem-note";
import { PasswordInput } from "./password-input";

type SignUpField = "email" | "password" | "dateOfBirth";

/**
 * Account creation (spec §2 Auth, §5 Sign up). The new user confirms their e-mail before signing in,
 * so success hands back to the Sign In tab with the address filled in. It posts to the page, so it
 * also works before the page's scripts run; `result` is the server's answer then.
 */
export function SignUpForm({
  email,
  onEmailChange,
  result,
  onSignedUp,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  result?: AuthFormResult;
  onSignedUp: (email: string) => void;
}) {
  const [password, setPassword] = useState("");
  const [dateOfBirth, setDateOfBirth] = useState("");
  const [latestDateOfBirth] = useState(() => latestAllowedDateOfBirth());
  const [serverResult, clearServerResult] = useServerResult(result);
  const [problem, setProblem] = useState<FormProblem<SignUpField> | null>(() => fieldProblem(result, ["email", "password", "dateOfBirth"]));
  const [pending, setPending] = useState(false);
  const finishSignIn = useFinishSignIn();

  const errorFor = (field: SignUpField) => (problem?.field === field ? problem.toast.description : null);
  const clearProblem = (field: SignUpField) => {
    if (problem?.field === field) setProblem(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearServerResult();
    const found = signUpProblem({ email, password, dateOfBirth });
    setProblem(found);
    if (found) {
      showErrorToast(found.toast);
      focusField(event.currentTarget, found.field);
      return;
    }
    setPending(true);
    try {
      const { token } = await signUpWithEmail({ email: email.trim(), password, dateOfBirth });
      // spec §4 Auth: a sign-up that returns a session signs the user in straight away.
      if (token) {
        finishSignIn({ email: email.trim(), toast: AUTH_TOASTS.accountCreated });
        return;
      }
      showSuccessToast(AUTH_TOASTS.confirmEmailFirst);
      setPassword("");
      setDateOfBirth("");
      onSignedUp(email.trim());
    } catch (error) {
      showErrorToast(signUpFailureToast(error));
    }
    setPending(false);
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <input type="hidden" name={INTENT_FIELD} value="sign-up" />
      <FormProblemNote result={serverResult} />
      <Field id="sign-up-email" label="Email" error={errorFor("email")}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            clearProblem("email");
          }}
        />
      </Field>
      <Field id="sign-up-password" label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={errorFor("password")}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clearProblem("password");
          }}
        />
      </Field>
      <Field
        id="sign-up-date-of-birth"
        label="Date of birth"
        hint="You must be at least 13 years old to create an account"
        error={errorFor("dateOfBirth")}
      >
        <Input
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          max={latestDateOfBirth}
          value={dateOfBirth}
          onChange={(event) => {
            setDateOfBirth(event.target.value);
            clearProblem("dateOfBirth");
          }}
        />
      </Field>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}
