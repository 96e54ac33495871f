import { useState } from "react";
import { toast } from "~/lib/toast";
import {
  contactFailure,
  CONTACT_TOASTS,
  EMPTY_CONTACT_FIELDS,
  failedOutcome,
  sentDescription,
  sentOutcome,
  type ContactErrors,
  type ContactField,
  type ContactFields,
  type ContactFormResult,
  type ContactOutcome,
} from "./contact-fields";
import type { ContactMessageInput, ContactMessageReceipt } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** POST /api/contact: stored and e-mailed to the support inbox (decisions.md D7). */
export function sendContactMessage(input: ContactMessageInput): Promise<ContactMessageReceipt> {
  return apiRequest("/api/contact", { method: "POST", json: input });
}

/**
 * The contact form's state: checked before sending, cleared only once the message is sent; on failure the
 * input stays. `posted` is the server's answer to a post made before the scripts ran (issue 16).
 */
export function useContactForm(posted?: ContactFormResult) {
  const [fields, setFields] = useState<ContactFields>(posted?.fields ?? EMPTY_CONTACT_FIELDS);
  const [errors, setErrors] = useState<ContactErrors>(posted?.errors ?? {});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ContactOutcome>(posted?.outcome ?? null);

  function change(field: ContactField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /** Sends, or returns the first invalid field so the form can focus it. */
  async function send(): Promise<ContactField | null> {
    if (sending) return null;
    // Pending (and the button disabled) from the moment of sending: the checks load on the first submit.
    setSending(true);
    try {
      const { checkContactFields } = await import("./lib/contact-checks");
      const checked = checkContactFields(fields);
      if ("errors" in checked) {
        setErrors(checked.errors);
        return checked.firstInvalid;
      }
      setOutcome(null);
      await sendContactMessage(checked.input);
      const description = sentDescription(checked.input);
      toast.success(CONTACT_TOASTS.sentTitle, { description });
      setOutcome(sentOutcome(checked.input));
      setFields(EMPTY_CONTACT_FIELDS);
    } catch (error) {
      const description = contactFailure(error);
      toast.error(CONTACT_TOASTS.failedTitle, { description });
      setOutcome(failedOutcome(description));
    } finally {
      setSending(false);
    }
    return null;
  }

  return { fields, errors, sending, outcome, change, send };
}
