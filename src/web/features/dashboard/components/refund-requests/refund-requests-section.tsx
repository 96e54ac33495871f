import { Clock, Loader2, Undo2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { RefundRequestEmails, RefundRequestView } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { useSessionUser } from "~/hooks/use-session-user";
import { toast } from "~/lib/toast";
import type { AttendeesActionResult } from "../../lib/attendees-action-result";
import { REFUND_REQUESTS_TEXT, refundRequestRow } from "../../lib/refund-request-rows";
import { RefundRequestEmailsSetting } from "./refund-request-emails-setting";

type Mode = "idle" | "approving" | "declining";

/** One pending request, answered by a post to Attendee Management's action; once answered it leaves the list read again. */
function RequestItem({ request, showOrganiser }: { request: RefundRequestView; showOrganiser: boolean }) {
  const fetcher = useFetcher<AttendeesActionResult>();
  const { revalidate } = useRevalidator();
  const busy = fetcher.state !== "idle";
  const [mode, setMode] = useState<Mode>("idle");
  const [note, setNote] = useState("");
  const answer = fetcher.data;
  // A refusal puts the buttons back (set while rendering the new answer, not in an effect).
  const [answered, setAnswered] = useState(answer);
  if (answer !== answered) {
    setAnswered(answer);
    if (answer && "refused" in answer) setMode("idle");
  }
  useEffect(() => {
    if (!answer || (answer.intent !== "approve" && answer.intent !== "decline")) return;
    if ("refused" in answer) {
      toast.error(REFUND_REQUESTS_TEXT.answerFailed, { description: answer.refused.message });
      // Answered elsewhere meanwhile (another organiser or an admin): the list shows what is left.
      void revalidate();
    } else if (answer.intent === "approve") toast.success(REFUND_REQUESTS_TEXT.approved.title, { description: REFUND_REQUESTS_TEXT.approved.description(answer.request) });
    else toast.success(REFUND_REQUESTS_TEXT.declined.title, { description: REFUND_REQUESTS_TEXT.declined.description(answer.request) });
  }, [answer, revalidate]);
  const row = refundRequestRow(request);
  const titleId = `refund-request-${row.id}`;
  const noteId = `refund-note-${row.id}`;

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 border-t border-border p-4 first:border-t-0 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={titleId} className="break-words font-bold text-ink">
            {row.buyer} · {row.event}
          </h4>
          <p className="break-words text-sm text-muted">
            {row.email} · {row.eventWhen}
            {showOrganiser && row.organiser ? ` · Organiser: ${row.organiser}` : ""}
          </p>
        </div>
        {row.overdue && (
          <Badge variant="warning">
            <Clock className="size-3" aria-hidden="true" />
            {REFUND_REQUESTS_TEXT.overdue}
          </Badge>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Tickets</dt>
          <dd className="font-semibold">{row.tickets}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Refund</dt>
          <dd className="font-semibold tabular-nums">{row.amount} <span className="font-normal text-muted">(fee kept)</span></dd>
        </div>
        <div className="col-span-2 sm:col-span-1">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Asked</dt>
          <dd className="font-semibold">{row.askedAt}</dd>
        </div>
        <div className="col-span-2 sm:col-span-3">
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Reason</dt>
          <dd className="whitespace-pre-line break-words">{row.reason}</dd>
        </div>
      </dl>
      {mode === "idle" && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" size="sm" aria-describedby={titleId} disabled={busy} onClick={() => setMode("approving")}>
            <Undo2 aria-hidden="true" />
            {REFUND_REQUESTS_TEXT.approve}
          </Button>
          <Button type="button" size="sm" variant="outline" aria-describedby={titleId} disabled={busy} onClick={() => setMode("declining")}>
            {REFUND_REQUESTS_TEXT.decline}
          </Button>
        </div>
      )}
      {mode === "approving" && (
        <div role="group" aria-label="Confirm the refund" className="flex flex-col gap-2 rounded-xl bg-surface p-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm font-semibold">
            Refund {row.amount} to {row.buyer} now? Their {row.tickets} stop working.
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => setMode("idle")}>
              Back
            </Button>
            <fetcher.Form method="post" className="flex">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="requestId" value={request.requestId} />
              <Button type="submit" size="sm" className="flex-1" autoFocus disabled={busy}>
                {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
                Yes, refund {row.amount}
              </Button>
            </fetcher.Form>
          </div>
        </div>
      )}
      {mode === "declining" && (
        <fetcher.Form method="post" className="flex flex-col gap-2 rounded-xl bg-surface p-3">
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="requestId" value={request.requestId} />
          <Field id={noteId} label={REFUND_REQUESTS_TEXT.noteLabel} hint="We e-mail the buyer your answer with this note.">
            <Textarea name="note" autoFocus rows={2} maxLength={500} value={note} onChange={(event) => setNote(event.target.value)} disabled={busy} />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => setMode("idle")}>
              Back
            </Button>
            <Button type="submit" variant="danger" size="sm" disabled={busy}>
              {busy && <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />}
              {REFUND_REQUESTS_TEXT.confirmDecline}
            </Button>
          </div>
        </fetcher.Form>
      )}
    </li>
  );
}

/**
 * Buyers' pending refund requests on the user's events, to approve or decline (decision 027). An admin
 * sees every organiser's, those waiting over 48 hours marked, and may answer for the organiser.
 */
export function RefundRequestsSection({ requests, refundRequestEmails }: { requests: RefundRequestView[]; refundRequestEmails: RefundRequestEmails }) {
  const user = useSessionUser();
  const count = requests.length;
  return (
    <section aria-labelledby="refund-requests-heading" className="rounded-2xl border border-border bg-white shadow-sm">
      <div className="flex flex-col gap-1 border-b border-border p-4 sm:p-5">
        <h3 id="refund-requests-heading" className="flex items-center gap-2 text-lg font-bold">
          {REFUND_REQUESTS_TEXT.heading}
          {count > 0 && <Badge variant="secondary">{count} waiting</Badge>}
        </h3>
        <p className="text-sm text-muted">{user?.isAdmin ? REFUND_REQUESTS_TEXT.adminIntro : REFUND_REQUESTS_TEXT.intro}</p>
        <div className="mt-4 sm:max-w-sm">
          <RefundRequestEmailsSetting saved={refundRequestEmails} />
        </div>
      </div>
      {count === 0 && <p className="p-4 text-sm text-muted sm:p-5">{REFUND_REQUESTS_TEXT.none}</p>}
      {count > 0 && (
        <ul aria-labelledby="refund-requests-heading">
          {requests.map((request) => (
            <RequestItem key={request.requestId} request={request} showOrganiser={user?.isAdmin ?? false} />
          ))}
        </ul>
      )}
    </section>
  );
}
