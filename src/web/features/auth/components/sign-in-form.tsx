import { useState, type FormEvent } from "react";
import { Link, type To } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { signInWithEmail } from "../api/auth-calls";
import { useAuthForm } from "../hooks/use-auth-form";
import { useFinishSignIn } from "../hooks/use-finish-sign-in";
import type { AuthFormResult } from "../lib/auth-form";
import { AUTH_TOASTS, signInFailureToast } from "../lib/auth-toasts";
import { signInProblem } from "../lib/auth-validation";
import { showErrorToast } from "../lib/show-toast";
import { AuthForm, EmailField, SubmitButton } from "./auth-form";

/**
 * Password sign-in (spec §2 Auth, §5 Sign in, §8 Sign in). It posts to the page, so a password typed
 * before the page's scripts ran never lands in the address; `result` is the server's answer then.
 */
export function SignInForm({
  email,
  onEmailChange,
  emailRemembered,
  result,
  forgotPasswordTo,
  onForgotPassword,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  /** This browser already remembers the e-mail at its owner's request: the box starts ticked. */
  emailRemembered: boolean;
  result?: AuthFormResult;
  /** The Reset tab's address ('Forgot your password?' is a link to it). */
  forgotPasswordTo: To;
  onForgotPassword: () => void;
}) {
  const [password, setPassword] = useState("");
  const [rememberChoice, setRememberChoice] = useState<boolean | null>(null);
  const remember = rememberChoice ?? emailRemembered;
  const form = useAuthForm(result, ["email", "password"]);
  const finishSignIn = useFinishSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.start(event.currentTarget, signInProblem({ email, password }))) return;
    try {
      await signInWithEmail({ email: email.trim(), password });
      finishSignIn({ email: email.trim(), remember, toast: AUTH_TOASTS.signedIn });
    } catch (error) {
      showErrorToast(signInFailureToast(error));
      form.setPending(false);
    }
  }

  return (
    <AuthForm intent="sign-in" serverResult={form.serverResult} onSubmit={submit}>
      <EmailField
        id="sign-in-email"
        value={email}
        error={form.errorFor("email")}
        onChange={(value) => {
          onEmailChange(value);
          form.clearProblem("email");
        }}
      />
      <Field id="sign-in-password" label="Password" error={form.errorFor("password")}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            form.clearProblem("password");
          }}
        />
      </Field>
      <label htmlFor="sign-in-remember-email" className="flex cursor-pointer items-center gap-3 text-sm">
        <input
          id="sign-in-remember-email"
          name="rememberEmail"
          type="checkbox"
          checked={remember}
          onChange={(event) => setRememberChoice(event.target.checked)}
          className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
        />
        Remember my e-mail on this device
      </label>
      <Link
        to={forgotPasswordTo}
        replace
        preventScrollReset
        onClick={onForgotPassword}
        className={cn(buttonVariants({ variant: "link", size: null }), "self-end text-sm [&_svg]:size-4")}
      >
        Forgot your password?
      </Link>
      <SubmitButton pending={form.pending} pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
    </AuthForm>
  );
}
