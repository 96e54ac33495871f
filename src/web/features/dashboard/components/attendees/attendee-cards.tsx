import type { AttendeeRow } from "../../lib/attendee-rows";
import { AttendeeAmount, AttendeeStatus, AttendeeTickets } from "./attendee-status";
import { CheckInAction } from "./check-in-action";
import { RefundAction } from "./refund-action";

/** The attendee list on phones: one card each instead of a wide table. */
export function AttendeeCards({
  rows,
  onRefund,
}: {
  rows: AttendeeRow[];
  onRefund: (row: AttendeeRow) => void;
}) {
  return (
    <ul className="divide-y divide-border border-t border-border">
      {rows.map((row) => (
        <li key={row.bookingId} className="flex flex-col gap-3 px-4 py-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-ink break-words">{row.name}</p>
              <p className="break-all text-sm text-muted">{row.email}</p>
            </div>
            <AttendeeStatus row={row} />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">Tickets</dt>
              <dd className="font-semibold tabular-nums">
                <AttendeeTickets row={row} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Amount</dt>
              <dd className="font-semibold tabular-nums">
                <AttendeeAmount row={row} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Booking Date</dt>
              <dd className="font-semibold">{row.bookedAt}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="font-mono text-xs text-muted">{row.ticketCode}</span>
            <span className="flex items-center gap-2">
              <RefundAction row={row} onRefund={onRefund} />
              {row.active && <CheckInAction row={row} />}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
