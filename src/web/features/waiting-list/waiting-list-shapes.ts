/**
 * The waiting list's pages' side (issue 37, decision 043): the forms' intents, the visitor's view of an
 * event's list, and the buyer's words for its refusals. The API's answers are typed once, in
 * src/domain/waiting-list-shapes.ts.
 */
import type { MyWaitingEntry, WaitingEntryStatus } from "@domain";

/** The event page's join form's intent. */
export const JOIN_INTENT = "join-waiting-list";
/** My Tickets' leave form's intent. */
export const LEAVE_INTENT = "leave-waiting-list";
/** The dashboard's forms' intents: the list's settings, and an offer sent by hand. */
export const SETTINGS_INTENT = "waiting-list-settings";
export const OFFER_INTENT = "send-waiting-offer";

export type { MyWaitingEntry, WaitingEntryStatus };

/** The visitor's side of an event's waiting list: their live entries, and the offer `?offer=` names when it is theirs and open. */
export interface EventWaitingListView {
  signedIn: boolean;
  joined: MyWaitingEntry[];
  offer: { token: string; expiresAt: string; ticketTypeId: string | null } | null;
  /** `?offer=` was given but names no open offer of this signed-in visitor for this event. */
  offerGone: boolean;
}

export type { OrganiserWaitingEntry, OrganiserWaitingList } from "@domain";

/** The most and least hours an offer may hold a place (the API's 1..168). */
export const OFFER_HOURS_MIN = 1;
export const OFFER_HOURS_MAX = 168;

/** What a refusal's `details.reason` means to the person who met it; the server's message when the reason is not one of these. */
const REASON_TEXT: Record<string, string> = {
  WAITING_LIST_NOT_SOLD_OUT: "Tickets are still available: buy them now.",
  WAITING_LIST_CLOSED: "The waiting list for this event is closed.",
  WAITING_LIST_JOINED: "You are already on the waiting list for these tickets.",
  WAITING_LIST_NO_PLACE: "No place is free to offer.",
  WAITING_LIST_NOT_WAITING: "They are no longer waiting: their entry was offered a place, bought, left or closed.",
  OFFER_NOT_FOUND: "This offer was not found: it may be for another account.",
  OFFER_EXPIRED: "This offer has expired.",
  OFFER_TAKEN: "This offer has already been used.",
  OFFER_QUANTITY: "An offer is for one ticket.",
};

export function waitingListRefusalText(reason: string | undefined, message: string): string {
  return (reason && REASON_TEXT[reason]) ?? message;
}

/** "VIP" or "Any ticket" (an entry for any type). */
export function entryTypeName(entry: { ticketTypeName: string | null }): string {
  return entry.ticketTypeName ?? "Any ticket";
}

/** An entry's state in words: its place in line while waiting, else what became of it. */
export function entryStatusText(entry: { status: WaitingEntryStatus; position: number | null }): string {
  switch (entry.status) {
    case "waiting":
      return entry.position === null ? "Waiting" : `Number ${entry.position} in line`;
    case "offered":
      return "Place offered";
    case "bought":
      return "Bought";
    case "left":
      return "Left the list";
    case "lapsed":
      return "Offer not taken in time";
    case "closed":
      return "List closed";
  }
}
