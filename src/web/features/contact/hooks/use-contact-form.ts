import { useState } from "react";
import { toast } from "~/lib/toast";
import { sendContactMessage } from "../api/send-contact-message";
import { checkContactFields, contactFailure, CONTACT_TOASTS, EMPTY_CONTACT_FIELDS, sentDescription, type ContactErrors, type ContactField, type ContactFields } from "../lib/contact-form";

export type ContactOutcome = { ok: boolean; text: string } | null;

/** The contact form's state: checked before sending, cleared only once the message is sent; on failure the input stays. */
export function useContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY_CONTACT_FIELDS);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<ContactOutcome>(null);

  function change(field: ContactField, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  /** Sends, or returns the first invalid field so the form can focus it. */
  async function send(): Promise<ContactField | null> {
    if (sending) return null;
    const checked = checkContactFields(fields);
    if ("errors" in checked) {
      setErrors(checked.errors);
      return checked.firstInvalid;
    }
    setSending(true);
    setOutcome(null);
    try {
      await sendContactMessage(checked.input);
      const description = sentDescription(checked.input);
      toast.success(CONTACT_TOASTS.sentTitle, { description });
      setOutcome({ ok: true, text: `${CONTACT_TOASTS.sentTitle} ${description}` });
      setFields(EMPTY_CONTACT_FIELDS);
    } catch (error) {
      const description = contactFailure(error);
      toast.error(CONTACT_TOASTS.failedTitle, { description });
      setOutcome({ ok: false, text: `${CONTACT_TOASTS.failedTitle}: ${description}` });
    } finally {
      setSending(false);
    }
    return null;
  }

  return { fields, errors, sending, outcome, change, send };
}
