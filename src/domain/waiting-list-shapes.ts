import { z } from "zod";

// The waiting list's answers (issue 37, decision 043), one home for the API's response schemas, the
// service's return types and the pages' types.

/** Where an entry stands (the `waiting_list_entries.status` check). */
export const WaitingEntryStatus = z.enum(["waiting", "offered", "bought", "left", "lapsed", "closed"]);
export type WaitingEntryStatus = z.infer<typeof WaitingEntryStatus>;

/** One of the buyer's entries (GET /api/me/waiting-list, and a join's 201). */
export const MyWaitingEntry = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  eventDate: z.string(),
  /** null: any ticket type. */
  ticketTypeId: z.string().nullable(),
  ticketTypeName: z.string().nullable(),
  joinedAt: z.string(),
  status: WaitingEntryStatus,
  /** 1-based among the waiting entries for the same event and type (or any type); null unless waiting. */
  position: z.number().nullable(),
  /** The open offer, if any: the link in its e-mail is `url`. */
  offer: z.object({ token: z.string(), expiresAt: z.string(), url: z.string() }).nullable(),
});
export type MyWaitingEntry = z.infer<typeof MyWaitingEntry>;

/** One entry as the organiser sees it (GET /api/events/{id}/waiting-list), with its latest offer. */
export const OrganiserWaitingEntry = z.object({
  id: z.string(),
  position: z.number().nullable(),
  name: z.string(),
  email: z.string(),
  ticketTypeId: z.string().nullable(),
  ticketTypeName: z.string().nullable(),
  joinedAt: z.string(),
  status: WaitingEntryStatus,
  offersSent: z.number(),
  offer: z
    .object({ sentAt: z.string(), expiresAt: z.string(), status: z.enum(["open", "taken", "lapsed", "declined", "withdrawn"]), sentBy: z.enum(["auto", "organiser"]) })
    .nullable(),
  takenAt: z.string().nullable(),
});
export type OrganiserWaitingEntry = z.infer<typeof OrganiserWaitingEntry>;

export const OrganiserWaitingList = z.object({
  enabled: z.boolean(),
  offerHours: z.number(),
  placesFreeForList: z.number(),
  entries: z.array(OrganiserWaitingEntry),
});
export type OrganiserWaitingList = z.infer<typeof OrganiserWaitingList>;
