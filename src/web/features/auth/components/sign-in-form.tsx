import { useState, type FormEvent } from "react";
import { Link, type To } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { signInWithEmail } from "../api/sign-in-email";
import { useServerResult } from "../hooks/use-server-result";
import { fieldProblem, INTENT_FIELD, type AuthFormResult } from "../lib/auth-form";
import { useFinishSignIn } from "../hooks/use-finish-sign-in";
import { AUTH_TOASTS, signInFailureToast } from "../lib/auth-toasts";
import { signInProblem, type FormProblem } from "../lib/auth-validation";
import { showErrorToast } from "../lib/show-toast";
import { cn } from "~/lib/cn";
import { focusField } from "./focus-field";
import { FormProblemNote } from "./form-problem-note";

/**
 * Password sign-in (spec §2 Auth, §5 Sign in, §8 Sign in). It posts to the page, so a password typed
 * before the page's scripts ran never lands in the address; `result` is the server's answer then.
 */
export function SignInForm({
  email,
  onEmailChange,
  result,
  forgotPasswordTo,
  onForgotPassword,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  result?: AuthFormResult;
  /** The Reset tab's address ('Forgot your password?' is a link to it). */
  forgotPasswordTo: To;
  onForgotPassword: () => void;
}) {
  const [password, setPassword] = useState("");
  const [serverResult, clearServerResult] = useServerResult(result);
  const [problem, setProblem] = useState<FormProblem<"email" | "password"> | null>(() => fieldProblem(result, ["email", "password"]));
  const [pending, setPending] = useState(false);
  const finishSignIn = useFinishSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearServerResult();
    const found = signInProblem({ email, password });
    setProblem(found);
    if (found) {
      showErrorToast(found.toast);
      focusField(event.currentTarget, found.field);
      return;
    }
    setPending(true);
    try {
      await signInWithEmail({ email: email.trim(), password });
      finishSignIn({ email: email.trim(), toast: AUTH_TOASTS.signedIn });
    } catch (error) {
      showErrorToast(signInFailureToast(error));
      setPending(false);
    }
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
      <input type="hidden" name={INTENT_FIELD} value="sign-in" />
      <FormProblemNote result={serverResult} />
      <Field id="sign-in-email" label="Email" error={problem?.field === "email" ? problem.toast.description : null}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            onEmailChange(event.target.value);
            if (problem?.field === "email") setProblem(null);
          }}
        />
      </Field>
      <Field id="sign-in-password" label="Password" error={problem?.field === "password" ? problem.toast.description : null}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            if (problem?.field === "password") setProblem(null);
          }}
        />
      </Field>
      <Link
        to={forgotPasswordTo}
        replace
        preventScrollReset
        onClick={onForgotPassword}
        className={cn(buttonVariants({ variant: "link" }), "h-auto self-end px-0")}
      >
        Forgot your password?
      </Link>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
