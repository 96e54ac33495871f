import { AttendeeAnswers } from "./attendee-answers";
import type { AttendeeRow } from "../../lib/attendee-rows";
import { AttendeeBooking, AttendeeStatus } from "./attendee-status";
import { CheckInAction } from "./check-in-action";
import { RefundAction } from "./refund-action";
import { RenameAction } from "./rename-action";

const HEAD = "px-3 py-2.5 text-left font-semibold first:pl-5 last:pr-5";
const CELL = "px-3 py-3 align-top first:pl-5 last:pr-5";

/** The attendee list on wider screens: a row per ticket (issue 36), with its booking beside it. */
export function AttendeeTable({
  eventTitle,
  rows,
  onRefund,
  onRename,
}: {
  eventTitle: string;
  rows: AttendeeRow[];
  onRefund: (row: AttendeeRow) => void;
  onRename: (row: AttendeeRow) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Tickets of {eventTitle}, newest booking first</caption>
        <thead className="border-y border-border bg-surface text-muted">
          <tr>
            <th scope="col" className={HEAD}>
              Name
            </th>
            <th scope="col" className={HEAD}>
              Type
            </th>
            <th scope="col" className={HEAD}>
              Email
            </th>
            <th scope="col" className={HEAD}>
              Booking
            </th>
            <th scope="col" className={HEAD}>
              Status
            </th>
            <th scope="col" className={HEAD}>
              <span className="sr-only">Rename, check-in and refund</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.ticketId} className="hover:bg-surface/60">
              <th scope="row" className={`${CELL} text-left font-semibold text-ink`}>
                {row.name}
                <span className="block font-mono text-xs font-normal text-muted">{row.ticketCode}</span>
                <AttendeeAnswers row={row} className="mt-1 max-w-64" />
              </th>
              <td className={CELL}>{row.typeName}</td>
              <td className={`${CELL} max-w-56 break-all text-muted`}>{row.email}</td>
              <td className={`${CELL} max-w-56`}>
                <AttendeeBooking row={row} />
              </td>
              <td className={CELL}>
                <AttendeeStatus row={row} />
              </td>
              <td className={`${CELL} text-right`}>
                <span className="inline-flex flex-wrap items-center justify-end gap-2">
                  <RenameAction row={row} onRename={onRename} />
                  {(row.canCheckIn || row.status === "Checked In") && <CheckInAction row={row} />}
                  {row.firstOfBooking && <RefundAction row={row} onRefund={onRefund} />}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
