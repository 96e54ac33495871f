import { Button } from "~/components/ui/button";
import type { AttendeeRow } from "../../lib/attendee-rows";

/** Opens the rename form for a ticket still valid (issue 36); named for its attendee, as the row's other buttons are. */
export function RenameAction({ row, onRename }: { row: AttendeeRow; onRename: (row: AttendeeRow) => void }) {
  if (row.status === "Refunded") return null;
  return (
    <Button type="button" size="sm" variant="outline" aria-label={`Rename ${row.name}'s ticket`} onClick={() => onRename(row)}>
      Rename
    </Button>
  );
}
