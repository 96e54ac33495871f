import { useState } from "react";
import { fieldProblem, type AuthFormResult } from "../lib/auth-form";
import type { FormProblem } from "../lib/auth-validation";
import { showErrorToast } from "../lib/show-toast";

/**
 * What every /auth form keeps: the server's answer to a form posted before the page's scripts ran
 * (shown until the form is sent again from the hydrated page, which answers with toasts instead),
 * the problem marked on one of `fields`, and whether a request is on its way.
 */
export function useAuthForm<Field extends string>(result: AuthFormResult | undefined, fields: readonly Field[]) {
  const [serverResult, setServerResult] = useState(result);
  const [problem, setProblem] = useState<FormProblem<Field> | null>(() => fieldProblem(result, fields));
  const [pending, setPending] = useState(false);
  const error = problem ? (problem.toast.description ?? problem.toast.title) : null;
  return {
    serverResult,
    pending,
    setPending,
    /** The problem's words, whichever field it names. */
    error,
    /** The problem's words when it names `field`. */
    errorFor: (field: Field) => (problem?.field === field ? error : null),
    /** Typing into `field` (any field when none is named) clears the problem marked on it. */
    clearProblem: (field?: Field) => {
      if (!field || problem?.field === field) setProblem(null);
    },
    /**
     * A send begins: the server's answer goes; `found` is marked, toasted and its field focused, so a
     * keyboard or screen-reader user lands on what needs fixing. True when the request may go.
     */
    start(form: HTMLFormElement, found: FormProblem<Field> | null): boolean {
      setServerResult(undefined);
      setProblem(found);
      if (found) {
        showErrorToast(found.toast);
        const control = form.elements.namedItem(found.field);
        if (control instanceof HTMLElement) control.focus();
        return false;
      }
      setPending(true);
      return true;
    },
  };
}
