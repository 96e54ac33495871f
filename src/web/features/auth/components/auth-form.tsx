import { CircleAlert } from "lucide-react";
import type { FormEvent, ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { INTENT_FIELD, type AuthFormResult, type AuthIntent } from "../lib/auth-form";

/**
 * An /auth form: it posts `intent` to the page, so it also works before the page's scripts run, and
 * shows the server's refusal of the whole form when it answered one.
 */
export function AuthForm({
  intent,
  serverResult,
  onSubmit,
  className,
  children,
}: {
  intent: AuthIntent;
  serverResult: AuthFormResult | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate onSubmit={onSubmit} className={cn("flex flex-col gap-4", className)}>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      <FormProblemNote result={serverResult} />
      {children}
    </form>
  );
}

/**
 * A refusal that belongs to the whole form (wrong password, too many attempts…) from a form the server
 * answered: without the page's scripts there is no toast, so the toast's words are shown here.
 */
function FormProblemNote({ result }: { result?: AuthFormResult }) {
  const problem = result?.problem;
  if (!problem || problem.field !== null) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-3.5 text-sm leading-relaxed text-red-900">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        <strong className="font-semibold">{problem.toast.title}</strong>
        {problem.toast.description && (
          <>
            <br />
            {problem.toast.description}
          </>
        )}
      </div>
    </div>
  );
}

/** The e-mail field every tab shares (one address typed once serves them all). */
export function EmailField({
  id,
  value,
  onChange,
  error,
  hint,
  autoFocus,
  className,
}: {
  id: string;
  value: string;
  onChange: (email: string) => void;
  error: string | null;
  hint?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  return (
    <Field id={id} label="Email" hint={hint} error={error} className={className}>
      <Input name="email" type="email" autoComplete="email" required autoFocus={autoFocus} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

/** The form's main button: its label while the request is on its way, and disabled meanwhile. */
export function SubmitButton({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
