import { Badge } from "~/components/ui/badge";
import type { AttendeeRow } from "../../lib/attendee-rows";

/** 'Pending' or 'Checked In' with the time (spec §4 Bookings). */
export function AttendeeStatus({ row }: { row: AttendeeRow }) {
  if (row.status === "Pending") return <Badge variant="warning">Pending</Badge>;
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant="success">Checked In</Badge>
      {row.checkedInAt && <span className="text-xs text-muted">{row.checkedInAt}</span>}
    </span>
  );
}
