import { Badge } from "~/components/ui/badge";
import type { AttendeeRow } from "../../lib/attendee-rows";

/** The ticket's state: 'Pending' or 'Checked In' with the time (spec §4 Bookings), or 'Refunded' (issue 36); and its booking's state (issue 19). */
export function AttendeeStatus({ row }: { row: AttendeeRow }) {
  return (
    <span className="flex flex-col items-start gap-1">
      {row.status === "Refunded" && <Badge variant="danger">Refunded</Badge>}
      {row.status !== "Refunded" && row.stateLabel && <Badge variant={row.active ? "secondary" : "danger"}>Booking {row.stateLabel.toLowerCase()}</Badge>}
      {row.canCheckIn && row.status === "Pending" && <Badge variant="warning">Pending</Badge>}
      {row.status === "Checked In" && <Badge variant="success">Checked In</Badge>}
      {row.status === "Checked In" && row.checkedInAt && <span className="text-xs text-muted">{row.checkedInAt}</span>}
    </span>
  );
}

/** The ticket's booking: its buyer, its tickets still valid and what was paid, and what went back. */
export function AttendeeBooking({ row }: { row: AttendeeRow }) {
  return (
    <>
      <span className="block break-words font-medium text-ink">{row.buyerName}</span>
      <span className="block text-xs text-muted tabular-nums">
        {row.tickets} {row.tickets === 1 ? "ticket" : "tickets"} · {row.amount}
        {row.refundedTickets > 0 && ` · ${row.refundedTickets} refunded, ${row.refunded} back`}
      </span>
      <span className="block text-xs text-muted">{row.bookedAt}</span>
    </>
  );
}
