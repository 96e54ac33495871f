import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { signInWithEmail } from "../api/sign-in-email";
import { useFinishSignIn } from "../hooks/use-finish-sign-in";
import { AUTH_TOASTS, signInFailureToast } from "../lib/auth-toasts";
import { signInProblem, type FormProblem } from "../lib/auth-validation";
import { showErrorToast } from "../lib/show-toast";
import { focusField } from "./focus-field";

/** Password sign-in (spec §2 Auth, §5 Sign in, §8 Sign in). */
export function SignInForm({
  email,
  onEmailChange,
  onForgotPassword,
}: {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}) {
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<FormProblem<"email" | "password"> | null>(null);
  const [pending, setPending] = useState(false);
  const finishSignIn = useFinishSignIn();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
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
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
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
      <Button type="button" variant="link" className="h-auto self-end px-0" onClick={onForgotPassword}>
        Forgot your password?
      </Button>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </form>
  );
}
