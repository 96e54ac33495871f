import { Button } from "~/components/ui/button";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { Undo2 } from "lucide-react";

/** Opens the refund form for a booking with tickets still valid (refunds stay per booking: on its first ticket's row). */
export function RefundAction({ row, onRefund }: { row: AttendeeRow; onRefund: (row: AttendeeRow) => void }) {
  if (!row.active) return null;
  return (
    <Button type="button" size="sm" variant="outline" onClick={() => onRefund(row)}>
      <Undo2 aria-hidden="true" />
      Refund<span className="sr-only"> {row.buyerName}'s booking</span>
    </Button>
  );
}
