import { data } from "react-router";
import { AppError } from "@domain";
import { sendContactMessage } from "~/lib/services.server";
import { CONTACT_FIELDS, CONTACT_TRY_LATER, EMPTY_CONTACT_FIELDS, failedOutcome, sentOutcome, type ContactFields, type ContactFormResult } from "./contact-fields";
import { checkContactFields } from "./lib/contact-checks";
import type { RouterContextReader } from "~/lib/page-context.server";

/**
 * The contact form posted before the page's scripts ran (issue 16): the same schema, the same service
 * and per-address limit as POST /api/contact, and the toast's words as the page's note. A refusal draws
 * the form again with what was typed (decisions.md D7); a sent message clears it.
 */
export async function contactFormAction(context: RouterContextReader, request: Request) {
  const form = await request.formData();
  const fields: ContactFields = { ...EMPTY_CONTACT_FIELDS };
  for (const name of CONTACT_FIELDS) {
    const value = form.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  const checked = checkContactFields(fields);
  if ("errors" in checked) return data<ContactFormResult>({ fields, errors: checked.errors, outcome: null }, { status: 400 });
  try {
    await sendContactMessage(context, checked.input);
  } catch (error) {
    // The service's refusals are written for the sender (too many messages, mail server down); anything
    // else gets the hydrated form's fallback, with the input kept either way.
    if (error instanceof AppError) return data<ContactFormResult>({ fields, errors: {}, outcome: failedOutcome(error.message) }, { status: error.status });
    console.error("Could not send the contact form's message", error);
    return data<ContactFormResult>({ fields, errors: {}, outcome: failedOutcome(CONTACT_TRY_LATER) }, { status: 500 });
  }
  return data<ContactFormResult>({ fields: EMPTY_CONTACT_FIELDS, errors: {}, outcome: sentOutcome(checked.input) });
}
