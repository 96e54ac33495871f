import { CircleAlert } from "lucide-react";
import type { AuthFormResult } from "../lib/auth-form";

/**
 * A refusal that belongs to the whole form (wrong password, too many attempts…) from a form the server
 * answered: without the page's scripts there is no toast, so the toast's words are shown here.
 */
export function FormProblemNote({ result }: { result?: AuthFormResult }) {
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
