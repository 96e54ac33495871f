import { useId } from "react";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import type { CheckInList } from "@domain";
import type { ShownCounts } from "../lib/check-in-counts";
import type { DoorEvent } from "../lib/door-events";
import { EventSelect } from "./event-select";

type DoorList = NonNullable<CheckInList["lists"]>[number];

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
  const listSelectId = useId();
  const defaultList = lists.find((list) => list.isDefault);
  const others = lists.filter((list) => !list.isDefault);
  return (
    <Card className="flex flex-col gap-4 p-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between sm:p-5">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <Label htmlFor={selectId}>Checking in for</Label>
        <EventSelect id={selectId} events={events} value={eventId} onChange={onEventChange} disabled={!events} anyLabel="Any of my events" />
      </div>
      {eventId && others.length > 0 && onListChange && (
        <div className="flex min-w-0 flex-col gap-1.5 sm:w-56">
          <Label htmlFor={listSelectId}>Check-in list</Label>
          <select
            id={listSelectId}
            value={listId}
            onChange={(event) => onListChange(event.target.value)}
            className="h-11 w-full rounded-xl border border-border bg-white px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <option value="">{defaultList?.name ?? "All tickets"}</option>
            {others.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {direction && onDirectionChange && (
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-semibold">Scanning</legend>
          <div className="inline-flex rounded-xl border border-border bg-white p-1">
            {(["in", "out"] as const).map((value) => (
              <label
                key={value}
                className={`cursor-pointer rounded-lg px-4 py-2 text-sm font-bold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${direction === value ? "bg-brand-700 text-white" : "text-ink"}`}
              >
                <input type="radio" name="door-direction" value={value} checked={direction === value} onChange={() => onDirectionChange(value)} className="sr-only" />
                {value === "in" ? "Entry" : "Exit"}
              </label>
            ))}
          </div>
        </fieldset>
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
