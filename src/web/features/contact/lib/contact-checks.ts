import { ContactMessageInput } from "@domain";
import { CONTACT_FIELDS, type ContactErrors, type ContactField, type ContactFields } from "../contact-fields";

// The form's check before sending, with the server's own schema (the page's action runs it too). The page
// imports this module when the form is sent, never with the page: zod and the schema are a chunk of their
// own (issue 35).

/** The form checked against the one schema the server also uses (CONVENTIONS rule 3); errors keyed by field. */
export function checkContactFields(fields: ContactFields): { input: ContactMessageInput } | { errors: ContactErrors; firstInvalid: ContactField } {
  const parsed = ContactMessageInput.safeParse(fields);
  if (parsed.success) return { input: parsed.data };
  const errors: ContactErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { errors, firstInvalid: CONTACT_FIELDS.find((field) => errors[field])! };
}
