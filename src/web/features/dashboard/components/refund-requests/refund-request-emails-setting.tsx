import { useEffect } from "react";
import { useFetcher } from "react-router";
import { isRefundRequestEmails, REFUND_REQUEST_EMAIL_CHOICES, REFUND_REQUEST_EMAIL_LABELS, type RefundRequestEmails } from "@domain";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { toast } from "~/lib/toast";
import type { AttendeesActionResult } from "../../lib/attendees-action-result";

/**
 * The organiser's choice of an e-mail per refund request or a daily summary (issue 33), saved as it
 * changes (posted to Attendee Management's action). While saving, the choice posted is shown.
 */
export function RefundRequestEmailsSetting({ saved }: { saved: RefundRequestEmails }) {
  const fetcher = useFetcher<AttendeesActionResult>();
  const posted = fetcher.formData?.get("refundRequestEmails");
  const shown = isRefundRequestEmails(posted) ? posted : saved;

  const answer = fetcher.data;
  useEffect(() => {
    if (answer?.intent !== "refund-request-emails") return;
    if ("refused" in answer) toast.error("Your choice could not be saved. Please try again.");
    else toast.success("E-mail choice saved");
  }, [answer]);

  return (
    <Field id="refund-request-emails" label="E-mail me about refund requests" hint="One summary a day: an e-mail each morning listing the requests still open (none when nothing is open).">
      <Select
        value={shown}
        disabled={fetcher.state !== "idle"}
        onChange={(change) => void fetcher.submit({ intent: "refund-request-emails", refundRequestEmails: change.target.value }, { method: "post" })}
      >
        {REFUND_REQUEST_EMAIL_CHOICES.map((option) => (
          <option key={option} value={option}>
            {REFUND_REQUEST_EMAIL_LABELS[option]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
