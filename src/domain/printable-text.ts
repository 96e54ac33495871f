// Plain rules (no zod at run time), so the checkout forms can check a name as the server does without loading zod.
import type { z } from "zod";

/**
 * Control characters (CR, LF, tab, U+0000 …), and the invisible ones that reorder or hide text (bidi
 * overrides and isolates, zero-width marks): a name is shown to door staff and organisers, printed on
 * receipts and tickets, in e-mails and in CSVs, so it must read as typed (issue 17, issue 33).
 */
const UNSAFE_CHARACTER = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** Characters that print as nothing: spaces, format characters, and the blank letters used for "invisible" names. */
const INVISIBLE_CHARACTERS = /[\p{Z}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800\u180E]|\u034F/gu;

export type PrintableTextProblem = "unsafeCharacter" | "invisible";

/** What makes a non-empty name unreadable, or null when it reads as typed. */
export function printableTextProblem(text: string): PrintableTextProblem | null {
  if (UNSAFE_CHARACTER.test(text)) return "unsafeCharacter";
  if (text.length > 0 && text.replace(INVISIBLE_CHARACTERS, "").length === 0) return "invisible";
  return null;
}

/** The message naming the field (`Event Title`, `Display name` …) for each problem. */
export function printableTextMessage(field: string, problem: PrintableTextProblem): string {
  return problem === "unsafeCharacter"
    ? `${field} contains a character that is not allowed (a control character such as a line break, or one that reorders or hides text)`
    : `${field} must contain a visible character`;
}

/**
 * The one rule for free-text names (event titles, display and business names), as a zod refinement:
 * `z.string().trim().superRefine(printableName("Event Title"))`. Empty and null values pass (the
 * field's own rule says whether it is required).
 */
export function printableName(field: string) {
  return (value: string | null | undefined, ctx: z.RefinementCtx) => {
    const problem = value ? printableTextProblem(value) : null;
    if (problem) ctx.addIssue({ code: "custom", message: printableTextMessage(field, problem) });
  };
}
