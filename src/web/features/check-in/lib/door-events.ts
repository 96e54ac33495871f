import type { CheckInList, ScannerEvent } from "@domain";
import { eventChoices } from "./event-choices";

export interface DoorEvent {
  id: string;
  title: string;
  dateTime: string;
}

/**
 * The events a door can check in for: the organiser's own, or, while they cannot be loaded (offline),
 * those whose ticket lists are on this device. Upcoming first; null while neither is known.
 */
export function doorEvents(own: readonly ScannerEvent[] | null, lists: readonly CheckInList[], now: Date): { upcoming: DoorEvent[]; past: DoorEvent[] } | null {
  const events = own ?? (lists.length > 0 ? lists.map((list) => ({ id: list.event.id, title: list.event.title, dateTime: list.event.dateTime })) : null);
  if (!events) return null;
  return eventChoices(events, now);
}
