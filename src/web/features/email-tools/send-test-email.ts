import { useState } from "react";
import type { SendTestEmailInput, TicketEmailResult } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { toast } from "~/lib/toast";
import { EMAIL_TEST_TOASTS, sampleTestEmail, sentDescription, testEmailFailure, type SampleEmail, type TestEmailErrors, type TestEmailFields } from "./email-test-text";

/** The manual e-mail sender (spec §7 send-test-email): 403 for a non-admin's other address (decisions D12), 429 when rate limited. */
export function sendTestEmail(input: SendTestEmailInput): Promise<TicketEmailResult> {
  return apiRequest("/api/functions/send-test-email", { method: "POST", json: input });
}

const EMPTY: TestEmailFields = { toEmail: "", subject: "", htmlContent: "" };

export type LastSend = { ok: true; text: string } | { ok: false; text: string } | null;

/** The manual e-mail sender's form (spec §2 Manual Email Sender, §8 'E-mail pages'). */
export function useTestEmailForm(ownEmail: string, sample: SampleEmail) {
  const [fields, setFields] = useState<TestEmailFields>(EMPTY);
  const [errors, setErrors] = useState<TestEmailErrors>({});
  const [sending, setSending] = useState(false);
  const [last, setLast] = useState<LastSend>(null);

  function change(field: keyof TestEmailFields, value: string) {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function insertSample() {
    setFields(sampleTestEmail(ownEmail, sample));
    setErrors({});
  }

  function fail(description: string) {
    toast.error(EMAIL_TEST_TOASTS.failedTitle, { description });
    setLast({ ok: false, text: `${EMAIL_TEST_TOASTS.failedTitle}: ${description}` });
  }

  /** Sends, or returns the first invalid field so the form can focus it. */
  async function send(): Promise<keyof TestEmailFields | null> {
    if (sending) return null;
    // Pending (and the button disabled) from the moment of sending: the checks load on the first submit.
    setSending(true);
    try {
      const { checkTestEmail } = await import("./lib/email-test-checks");
      const checked = checkTestEmail(fields);
      if ("errors" in checked) {
        setErrors(checked.errors);
        return (["toEmail", "subject", "htmlContent"] as const).find((field) => checked.errors[field]) ?? null;
      }
      const result = await sendTestEmail(checked.input);
      if (!result.success) {
        fail(result.error?.trim() || EMAIL_TEST_TOASTS.failedFallback);
      } else {
        const recipient = result.recipient ?? checked.input.toEmail;
        toast.success(EMAIL_TEST_TOASTS.sentTitle, { description: sentDescription(recipient) });
        setLast({ ok: true, text: `${EMAIL_TEST_TOASTS.sentTitle} ${sentDescription(recipient)}` });
        setFields(EMPTY);
      }
    } catch (error) {
      fail(testEmailFailure(error));
    } finally {
      setSending(false);
    }
    return null;
  }

  return { fields, errors, sending, last, change, insertSample, send };
}
