import { eventEndsAt, type EventTimes } from "./event-timing";
import { formatEventTime, formatShortDay } from "./format";
import { londonClock } from "./london-time";

/**
 * The door's rules (issue 38, decision D26): when a ticket may come in, through which check-in list, and
 * how often. One home for them: the server's admission (check-in.service) and the offline scanner
 * (checkTicketOffline) both decide with these functions.
 */

/** By default the door opens three hours before the start (an organiser setting per event). */
export const DEFAULT_DOOR_OPENS_MINUTES_BEFORE = 180;
/** The most an organiser may open the door before the start: a week. */
export const MAX_DOOR_OPENS_MINUTES_BEFORE = 7 * 24 * 60;
/** The default list's name: every type, no window. */
export const DEFAULT_CHECK_IN_LIST_NAME = "All tickets";

export interface DoorTimes extends EventTimes {
  doorOpensMinutesBefore: number;
}

/** The event's door window: from the set minutes before the start until the end (eventEndsAt). */
export function doorWindow(event: DoorTimes): { opensAt: Date; closesAt: Date } {
  const start = new Date(event.dateTime).getTime();
  return { opensAt: new Date(start - event.doorOpensMinutesBefore * 60_000), closesAt: eventEndsAt(event) };
}

/** "Sat 16 Jan 2027, 19:30" in UK time. */
export function doorDateTime(value: Date | string): string {
  return `${formatShortDay(value)} ${londonClock(new Date(value)).getUTCFullYear()}, ${formatEventTime(value)}`;
}

/** What the scanner says when a ticket is scanned outside its event's door window. */
export function wrongDayMessage(dateTime: Date | string): string {
  return `This ticket is for ${doorDateTime(dateTime)}`;
}

/** A check-in list as the rules read it. null ticketTypeIds: every type. */
export interface DoorList {
  id: string;
  name: string;
  ticketTypeIds: readonly string[] | null;
  opensAt: Date | string | null;
  closesAt: Date | string | null;
  allowMultipleEntries: boolean;
  allowReentry: boolean;
}

export function listCoversType(list: Pick<DoorList, "ticketTypeIds">, ticketTypeId: string): boolean {
  return list.ticketTypeIds === null || list.ticketTypeIds.includes(ticketTypeId);
}

/** A ticket of a type the list does not cover: "VIP entrance only: a Standard ticket does not enter here." */
export function wrongListMessage(listName: string, typeName: string): string {
  return `${listName} only: a ${typeName} ticket does not enter here.`;
}

/** Whether `at` falls outside the list's own window, and what the scanner says. */
export function listWindowMessage(list: Pick<DoorList, "name" | "opensAt" | "closesAt">, at: Date): string | null {
  if (list.opensAt && at < new Date(list.opensAt)) return `${list.name} opens at ${doorDateTime(list.opensAt)}`;
  if (list.closesAt && at > new Date(list.closesAt)) return `${list.name} closed at ${doorDateTime(list.closesAt)}`;
  return null;
}

/**
 * Why a ticket may not come in at this time, or null: outside its event's door window (the scanner says
 * when the event is), else outside the list's window. Staff may confirm it in anyway, which the log records.
 */
export function timeRefusal(event: DoorTimes, list: Pick<DoorList, "name" | "opensAt" | "closesAt"> | null, at: Date): string | null {
  const { opensAt, closesAt } = doorWindow(event);
  if (at < opensAt || at > closesAt) return wrongDayMessage(event.dateTime);
  return list ? listWindowMessage(list, at) : null;
}

/** A ticket's door history as the entry rule reads it, across every list of its event. */
export interface EntryHistory {
  /** When it first came in, or null. */
  firstAdmittedAt: Date | string | null;
  /** Its latest entry or exit, or null when it has none. */
  lastMove: "in" | "out" | null;
}

/**
 * Whether a ticket may come in again through this list. Once in, a ticket is refused ("Already checked
 * in") anywhere at its event, unless this list allows multiple entries, or allows re-entry and the
 * ticket's latest move was an exit scan.
 */
export function entryAllowed(list: Pick<DoorList, "allowMultipleEntries" | "allowReentry">, history: EntryHistory): boolean {
  if (history.firstAdmittedAt === null) return true;
  if (list.allowMultipleEntries) return true;
  return list.allowReentry && history.lastMove === "out";
}

export const NOT_INSIDE_MESSAGE = "This ticket is not checked in, so it cannot be scanned out.";

/** An exit scan is for a ticket that is inside: admitted, and its latest move an entry (or an entry before moves were logged). */
export function exitAllowed(history: EntryHistory): boolean {
  return history.firstAdmittedAt !== null && history.lastMove !== "out";
}

/** "Checked in at 19:42 (Sat 16 Jan 2027) at VIP entrance by Sam Steward": the door's answer to a second scan. */
export function alreadyCheckedInDetail(at: Date | string, list: string | null | undefined, by: string | null | undefined): string {
  return `Checked in at ${formatEventTime(at)} on ${formatShortDay(at)}${list ? ` at ${list}` : ""}${by ? ` by ${by}` : ""}`;
}

export const LIST_NOT_FOR_EVENT = "That check-in list is not one of this event's.";
