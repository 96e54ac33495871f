import { Badge } from "~/components/ui/badge";
import type { AttendeeRow } from "../../lib/attendee-rows";

/** 'Pending' or 'Checked In' with the time (spec §4 Bookings), and the booking's refund state (issue 19). */
export function AttendeeStatus({ row }: { row: AttendeeRow }) {
  return (
    <span className="flex flex-col items-start gap-1">
      {row.stateLabel && <Badge variant={row.active ? "secondary" : "danger"}>{row.stateLabel}</Badge>}
      {row.active && row.status === "Pending" && <Badge variant="warning">Pending</Badge>}
      {row.status === "Checked In" && <Badge variant="success">Checked In</Badge>}
      {row.status === "Checked In" && row.checkedInAt && <span className="text-xs text-muted">{row.checkedInAt}</span>}
    </span>
  );
}

/** The tickets still valid, and those refunded. */
export function AttendeeTickets({ row }: { row: AttendeeRow }) {
  return (
    <>
      {row.tickets}
      {row.refundedTickets > 0 && <span className="block text-xs font-normal text-muted">{row.refundedTickets} refunded</span>}
    </>
  );
}

/** What the buyer paid, and what went back. */
export function AttendeeAmount({ row }: { row: AttendeeRow }) {
  return (
    <>
      {row.amount}
      {row.refundedTickets > 0 && <span className="block text-xs font-normal text-muted">{row.refunded} back</span>}
    </>
  );
}
