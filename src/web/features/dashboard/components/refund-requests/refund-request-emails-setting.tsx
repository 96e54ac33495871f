import { useEffect, useState } from "react";
import { REFUND_REQUEST_EMAIL_LABELS, RefundRequestEmails } from "@domain";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { toast } from "~/lib/toast";
import { getNoticeSettings, saveNoticeSettings } from "../../api/notice-settings";

/** The organiser's choice of an e-mail per refund request or a daily summary (issue 33), saved as it changes. */
export function RefundRequestEmailsSetting() {
  const [mode, setMode] = useState<RefundRequestEmails | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getNoticeSettings(controller.signal)
      .then((settings) => setMode(settings.refundRequestEmails))
      .catch(() => controller.signal.aborted || setMode("each"));
    return () => controller.abort();
  }, []);

  const choose = async (next: RefundRequestEmails) => {
    const previous = mode;
    setMode(next);
    setSaving(true);
    try {
      setMode((await saveNoticeSettings({ refundRequestEmails: next })).refundRequestEmails);
      toast.success("E-mail choice saved");
    } catch {
      setMode(previous);
      toast.error("Your choice could not be saved. Please try again.");
    } finally {
      setSaving(false);
    }
  };

  return (
    <Field id="refund-request-emails" label="E-mail me about refund requests" hint="One summary a day: an e-mail each morning listing the requests still open (none when nothing is open).">
      <Select
        value={mode ?? "each"}
        disabled={mode === null || saving}
        onChange={(change) => {
          const parsed = RefundRequestEmails.safeParse(change.target.value);
          if (parsed.success) void choose(parsed.data);
        }}
      >
        {RefundRequestEmails.options.map((option) => (
          <option key={option} value={option}>
            {REFUND_REQUEST_EMAIL_LABELS[option]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
