import { lazy, Suspense, useId } from "react";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import type { CheckInList } from "@domain";
import type { ShownCounts } from "../lib/check-in-counts";
import type { DoorEvent } from "../lib/door-events";
import { EventSelect } from "./event-select";

export type DoorList = NonNullable<CheckInList["lists"]>[number];

const DoorListControls = lazy(() => import("./door-list-controls"));

/**
 * The door's event, its check-in list and its live counter (issues 17, 38): tickets for another event, or
 * of a type the list does not take, are refused, and 'Admitted X / Y' counts this event's tickets across
 * every scanner. Where the list allows re-entry, the door scans people out as well as in.
 */
export function DoorBar({
  events,
  eventId,
  onEventChange,
  counts,
  lists = [],
  listId = "",
  onListChange,
  direction = null,
  onDirectionChange,
}: {
  events: { upcoming: DoorEvent[]; past: DoorEvent[] } | null;
  eventId: string;
  onEventChange: (eventId: string) => void;
  counts: ShownCounts | null;
  lists?: readonly DoorList[];
  /** '' for the event's default list. */
  listId?: string;
  onListChange?: (listId: string) => void;
  /** In or out; null when the list does not allow re-entry (every scan is an entry). */
  direction?: "in" | "out" | null;
  onDirectionChange?: (direction: "in" | "out") => void;
}) {
  const selectId = useId();
  const others = lists.filter((list) => !list.isDefault);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={selectId}>Checking in for</Label>
        <EventSelect id={selectId} events={events} value={eventId} onChange={onEventChange} disabled={!events} anyLabel="Any of my events" />
      </div>
      {/* Only an event with lists of its own has a choice to make: their controls load then. */}
      {eventId && others.length > 0 && onListChange && (
        <Suspense fallback={null}>
          <DoorListControls lists={lists} listId={listId} onListChange={onListChange} direction={direction} onDirectionChange={onDirectionChange} />
        </Suspense>
      )}
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
