import { z } from "zod";
import { GUEST_SEARCH_MAX, GUEST_SEARCH_MIN, GUEST_SEARCH_TOO_LONG, GUEST_SEARCH_TOO_SHORT, GUEST_STATUSES } from "./guest-search";

// The shapes of Find a guest's lookup (issue 38); its rules are in guest-search.ts.

/** GET /api/door/guests?q=&eventId= */
export const GuestSearchQuery = z.object({
  q: z.string().trim().min(GUEST_SEARCH_MIN, GUEST_SEARCH_TOO_SHORT).max(GUEST_SEARCH_MAX, GUEST_SEARCH_TOO_LONG),
  eventId: z.string().max(100).optional(),
});
export type GuestSearchQuery = z.infer<typeof GuestSearchQuery>;

export const GuestStatusShape = z.enum(GUEST_STATUSES);

/** One found ticket: only what staff need to tell who it is and whether to let them in. */
export const GuestSearchResult = z.object({
  ticketId: z.string(),
  code: z.string(),
  attendeeName: z.string(),
  /** Masked ("a***@example.com"): enough to confirm who, too little to harvest. */
  maskedEmail: z.string().nullable(),
  ticketType: z.string(),
  event: z.object({ id: z.string(), title: z.string(), dateTime: z.string() }),
  status: GuestStatusShape,
  checkedInAt: z.string().nullable(),
});
export type GuestSearchResult = z.infer<typeof GuestSearchResult>;

export const GuestSearchResults = z.object({ guests: z.array(GuestSearchResult) });
export type GuestSearchResults = z.infer<typeof GuestSearchResults>;

