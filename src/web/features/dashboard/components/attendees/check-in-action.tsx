import { formatDateTime } from "@domain";
import { CircleCheck, UserCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/lib/toast";
import type { AttendeesActionResult } from "../../lib/attendees-action-result";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { DASHBOARD_TOASTS } from "../../lib/dashboard-toasts";

/**
 * 'Check In' for a pending ticket (posted to Attendee Management's action, issue 36); once checked in, the
 * button gives way to a note that takes the focus, so keyboard users are not dropped at the top of the page.
 */
export function CheckInAction({ row }: { row: AttendeeRow }) {
  const fetcher = useFetcher<AttendeesActionResult>();
  const busy = fetcher.state !== "idle";
  const hadFocus = useRef(false);
  const note = useRef<HTMLSpanElement>(null);

  const answer = fetcher.data;
  useEffect(() => {
    if (!answer || answer.intent !== "check-in") return;
    if ("refused" in answer) toast.error(DASHBOARD_TOASTS.checkInFailed.title, { description: answer.refused.message });
    else if ("checkIn" in answer && answer.checkIn.alreadyCheckedIn) toast.info("Already checked in", { description: `Checked in at ${formatDateTime(answer.checkIn.checkedInAt)}` });
    else toast.success(DASHBOARD_TOASTS.checkedIn.title);
  }, [answer]);

  // The list read again shows the row checked in: the note takes the focus the button had.
  useEffect(() => {
    if (hadFocus.current && row.status === "Checked In") note.current?.focus();
  }, [row.status]);

  if (row.status === "Checked In") {
    return (
      <span ref={note} tabIndex={-1} className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-800">
        <CircleCheck className="size-4" aria-hidden="true" />
        Done<span className="sr-only">: {row.name} is checked in</span>
      </span>
    );
  }
  return (
    <fetcher.Form method="post" onSubmit={(event) => (hadFocus.current = event.currentTarget.contains(document.activeElement))}>
      <input type="hidden" name="intent" value="check-in" />
      <input type="hidden" name="ticketId" value={row.ticketId} />
      <Button type="submit" size="sm" disabled={busy}>
        <UserCheck aria-hidden="true" />
        {busy ? "Checking in..." : "Check In"}
        <span className="sr-only"> {row.name}</span>
      </Button>
    </fetcher.Form>
  );
}
