import { CircleCheck, UserCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import type { AttendeeRow } from "../../lib/attendee-rows";

/**
 * 'Check In' for a pending attendee; once checked in, the button gives way to a note that takes
 * the focus, so keyboard users are not dropped at the top of the page.
 */
export function CheckInAction({
  row,
  busy,
  onCheckIn,
}: {
  row: AttendeeRow;
  busy: boolean;
  onCheckIn: (bookingId: string) => Promise<boolean>;
}) {
  const [focusNote, setFocusNote] = useState(false);
  const note = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (focusNote && row.status === "Checked In") note.current?.focus();
  }, [focusNote, row.status]);

  if (row.status === "Checked In") {
    return (
      <span ref={note} tabIndex={-1} className="inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-800">
        <CircleCheck className="size-4" aria-hidden="true" />
        Done<span className="sr-only">: {row.name} is checked in</span>
      </span>
    );
  }
  return (
    <Button
      type="button"
      size="sm"
      disabled={busy}
      onClick={async (event) => {
        const hadFocus = document.activeElement === event.currentTarget;
        const done = await onCheckIn(row.bookingId);
        if (done && hadFocus) setFocusNote(true);
      }}
    >
      <UserCheck aria-hidden="true" />
      {busy ? "Checking in..." : "Check In"}
      <span className="sr-only"> {row.name}</span>
    </Button>
  );
}
