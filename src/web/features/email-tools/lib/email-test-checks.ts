import { SendTestEmailInput } from "@domain";
import type { TestEmailErrors, TestEmailFields } from "../email-test-text";

// The form's check before sending, with the server's own schema. The page imports this module when the form
// is sent, never with the page: zod and the schema are a chunk of their own (issue 35).

/** The form checked against the one input schema the server also uses (CONVENTIONS rule 3). */
export function checkTestEmail(fields: TestEmailFields): { input: SendTestEmailInput } | { errors: TestEmailErrors } {
  const parsed = SendTestEmailInput.safeParse({ ...fields, toEmail: fields.toEmail.trim() });
  if (parsed.success) return { input: parsed.data };
  const errors: TestEmailErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SendTestEmailInput;
    errors[field] ??= issue.message;
  }
  return { errors };
}
