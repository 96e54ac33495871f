import { useId } from "react";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import type { ShownCounts } from "../lib/check-in-counts";
import type { DoorEvent } from "../lib/door-events";
import { EventSelect } from "./event-select";

/**
 * The door's event and its live counter (issue 17): tickets for another event are refused, and
 * 'Admitted X / Y' counts this event's tickets across every scanner.
 */
export function DoorBar({
  events,
  eventId,
  onEventChange,
  counts,
}: {
  events: { upcoming: DoorEvent[]; past: DoorEvent[] } | null;
  eventId: string;
  onEventChange: (eventId: string) => void;
  counts: ShownCounts | null;
}) {
  const selectId = useId();
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:items-end sm:justify-between sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={selectId}>Checking in for</Label>
        <EventSelect id={selectId} events={events} value={eventId} onChange={onEventChange} disabled={!events} anyLabel="Any of my events" />
      </div>
      {eventId && (
        <div className="shrink-0 sm:text-right">
          <p role="status" className="flex items-baseline gap-2 sm:justify-end">
            <span className="text-sm font-semibold text-muted">Admitted</span>{" "}
            <span className="text-3xl font-black tabular-nums">{counts ? `${counts.admitted} / ${counts.expected}` : "…"}</span>
          </p>
          {counts?.local && <p className="text-xs text-muted">Includes check-ins on this device not yet synced</p>}
        </div>
      )}
    </Card>
  );
}
