import type { CodeFieldErrors, CodeFormValues } from "./code-form";

export type CodesIntent = "create" | "update" | "generate" | "activate" | "deactivate" | "delete";

/** What a post to the codes screen answers (issue 37): done, or refused beside a field (or as a whole) with what was typed. */
export interface CodesActionResult {
  intent: CodesIntent;
  /** Each answer's own, so a form shown again is drawn afresh (its fields typed values, focus on the first error). */
  nonce: number;
  done?: string;
  /** The code a refusal was about (edit, deactivate, delete). */
  id?: string | null;
  values?: CodeFormValues;
  errors?: CodeFieldErrors;
  /** A refusal that names no field (a code that has been used cannot be deleted). */
  message?: string;
  generated?: { count: number; csv: string };
}
