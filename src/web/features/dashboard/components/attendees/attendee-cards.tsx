import { AttendeeAnswers } from "./attendee-answers";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { AttendeeBooking, AttendeeStatus } from "./attendee-status";
import { CheckInAction } from "./check-in-action";
import { RefundAction } from "./refund-action";
import { RenameAction } from "./rename-action";

/** The attendee list on phones: one card per ticket (issue 36) instead of a wide table. */
export function AttendeeCards({
  rows,
  onRefund,
  onRename,
}: {
  rows: AttendeeRow[];
  onRefund: (row: AttendeeRow) => void;
  onRename: (row: AttendeeRow) => void;
}) {
  return (
    <ul className="divide-y divide-border border-t border-border">
      {rows.map((row) => (
        <li key={row.ticketId} className="flex flex-col gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink break-words">{row.name}</p>
              <p className="break-all text-sm text-muted">{row.email}</p>
            </div>
            <AttendeeStatus row={row} />
          </div>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">Type</dt>
              <dd className="font-semibold break-words">{row.typeName}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Booking</dt>
              <dd>
                <AttendeeBooking row={row} />
              </dd>
            </div>
          </dl>
          <AttendeeAnswers row={row} className="text-sm" />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="font-mono text-xs text-muted">{row.ticketCode}</span>
            <span className="flex items-center gap-2">
              <RenameAction row={row} onRename={onRename} />
              {row.firstOfBooking && <RefundAction row={row} onRefund={onRefund} />}
              {(row.canCheckIn || row.status === "Checked In") && <CheckInAction row={row} />}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
