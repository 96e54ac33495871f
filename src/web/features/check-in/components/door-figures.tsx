import { useEffect, useId, useRef, useState } from "react";
import type { DoorFigures as Figures } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { onDoorFigures, onDoorReopened } from "../lib/door-stream";

/** GET /api/events/{id}/door-figures (the organiser, an admin, or a door granted the event). */
export function getDoorFigures(eventId: string): Promise<Figures> {
  return apiRequest<Figures>(`/api/events/${encodeURIComponent(eventId)}/door-figures`);
}

/**
 * The door's figures for one event, live (issue 38): the scanner's door stream (every device at the door) and
 * the organiser's live sales bring them with each check-in; they are read again when `refreshKey` changes
 * (this device's own check-ins) and when the door stream comes back after a break.
 */
export function useDoorFigures(eventId: string, initial: Figures | null, refreshKey: unknown = null): Figures | null {
  const [figures, setFigures] = useState<Figures | null>(initial?.eventId === eventId ? initial : null);
  // New figures from the page (its loader read them again) replace the shown ones (React's state-from-props pattern).
  const [given, setGiven] = useState(initial);
  if (given !== initial) {
    setGiven(initial);
    if (initial?.eventId === eventId) setFigures(initial);
  }
  // A pushed figure is newer than a read asked for before it came.
  const pushed = useRef(0);

  useEffect(() => {
    if (!eventId) return;
    return onDoorFigures(({ door }) => {
      if (door.eventId !== eventId) return;
      pushed.current += 1;
      setFigures(door);
    });
  }, [eventId]);

  useEffect(() => {
    if (!eventId) return;
    let stopped = false;
    const read = () => {
      const asked = pushed.current;
      getDoorFigures(eventId)
        .then((read) => {
          if (!stopped && pushed.current === asked) setFigures(read);
        })
        .catch(() => {});
    };
    if (refreshKey !== null || initial?.eventId !== eventId) read();
    const stopReopened = onDoorReopened((reopened) => reopened === eventId && read());
    return () => {
      stopped = true;
      stopReopened();
    };
    // `initial` is the first figures only: a new one is taken above without reading again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, refreshKey]);

  return figures?.eventId === eventId ? figures : null;
}

function FigureTable({ caption, first, rows }: { caption: string; first: string; rows: readonly { id: string; name: string; admitted: number; expected: number }[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-1 text-left text-xs font-semibold uppercase tracking-wide text-muted">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Admitted</th>
          <th scope="col">Expected</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {rows.map((row) => {
          const share = row.expected > 0 ? Math.min(100, Math.round((row.admitted / row.expected) * 100)) : 0;
          return (
            <tr key={row.id}>
              <th scope="row" className="py-1.5 pr-3 font-semibold">
                {row.name}
                <span className="mt-1 block h-1.5 overflow-hidden rounded-full bg-surface" aria-hidden="true">
                  <span className="block h-full rounded-full bg-brand-600" style={{ width: `${share}%` }} />
                </span>
              </th>
              <td className="py-1.5 text-right tabular-nums">
                <span className="font-bold">{row.admitted}</span>
              </td>
              <td className="py-1.5 pl-1 text-right tabular-nums text-muted">
                <span aria-hidden="true">/ </span>
                {row.expected}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Admitted / expected per check-in list and per ticket type for one event (issue 38), live: the scanner
 * shows it beside the camera, the dashboard's Check-in section above the scan log.
 */
export function DoorFigures({ eventId, initial = null, refreshKey = null, heading = "Door figures" }: { eventId: string; initial?: Figures | null; refreshKey?: unknown; heading?: string }) {
  const figures = useDoorFigures(eventId, initial, refreshKey);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-border bg-white p-4 shadow-sm">
      <h3 id={headingId} className="font-bold">
        {heading}
      </h3>
      {!figures ? (
        <p className="text-sm text-muted">Reading the figures…</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FigureTable caption="By check-in list" first="List" rows={figures.lists} />
          <FigureTable caption="By ticket type" first="Ticket type" rows={figures.types} />
        </div>
      )}
    </section>
  );
}
