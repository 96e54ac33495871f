import { useState, type FormEvent } from "react";
import { latestAllowedDateOfBirth, MIN_PASSWORD_LENGTH } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { signUpWithEmail } from "../api/auth-calls";
import { useAuthForm } from "../hooks/use-auth-form";
import { useFinishSignIn } from "../hooks/use-finish-sign-in";
import type { AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, signUpFailureToast } from "../lib/auth-toasts";
import { signUpProblem } from "../lib/auth-validation";
import { showErrorToast, showSuccessToast } from "../lib/show-toast";
import { AuthForm, EmailField, SubmitButton } from "./auth-form";
import { PasswordInput } from "./password-input";

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
  const form = useAuthForm(result, ["email", "password", "dateOfBirth"]);
  const finishSignIn = useFinishSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.start(event.currentTarget, signUpProblem({ email, password, dateOfBirth }))) return;
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
    form.setPending(false);
  }

  return (
    <AuthForm intent="sign-up" serverResult={form.serverResult} onSubmit={submit}>
      <EmailField
        id="sign-up-email"
        value={email}
        error={form.errorFor("email")}
        onChange={(value) => {
          onEmailChange(value);
          form.clearProblem("email");
        }}
      />
      <Field id="sign-up-password" label="Password" hint={`At least ${MIN_PASSWORD_LENGTH} characters.`} error={form.errorFor("password")}>
        <PasswordInput
          name="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearProblem("password");
          }}
        />
      </Field>
      <Field
        id="sign-up-date-of-birth"
        label="Date of birth"
        hint="You must be at least 13 years old to create an account"
        error={form.errorFor("dateOfBirth")}
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
            form.clearProblem("dateOfBirth");
          }}
        />
      </Field>
      <SubmitButton pending={form.pending} pendingLabel="Creating account...">
        Sign Up
      </SubmitButton>
    </AuthForm>
  );
}
