import { z } from "zod";
import { printableName } from "./printable-text";

/**
 * The door team's inputs and answers (issue 38, decision D26): staff invited by e-mail and door links,
 * each for chosen events of one organiser's. One shape per input, shared by the API and the dashboard's forms.
 */

/** The most events one invitation or link may name (an organiser's season). */
export const MAX_DOOR_EVENTS = 100;
export const DOOR_LABEL_MAX = 60;
export const DOOR_PIN_PATTERN = /^\d{4,8}$/;

const eventIds = z
  .array(z.uuid("eventIds must be event ids"), { message: "eventIds must be a list of event ids" })
  .min(1, "Choose at least one event")
  .max(MAX_DOOR_EVENTS, `eventIds can name at most ${MAX_DOOR_EVENTS} events`)
  .transform((ids) => [...new Set(ids)]);

const label = (what: string) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(DOOR_LABEL_MAX, `${what} must be at most ${DOOR_LABEL_MAX} characters`)
    // Shown in the scan log, on the scanner and in e-mails: it must read as typed.
    .superRefine(printableName(what));

/** A door PIN: 4 to 8 digits. */
export const DoorPin = z.string({ message: "pin must be 4 to 8 digits" }).regex(DOOR_PIN_PATTERN, "pin must be 4 to 8 digits");

/** Invite a staff member by e-mail to chosen events (their name is optional: the e-mail stands in). */
export const InviteStaffInput = z.object({
  email: z
    .string({ message: "email is required" })
    .trim()
    .max(254, "email is too long")
    .pipe(z.email("email must be an e-mail address"))
    .transform((email) => email.toLowerCase()),
  name: z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), label("name").optional()),
  eventIds,
});
export type InviteStaffInput = z.input<typeof InviteStaffInput>;

/** A door link for chosen events, with a name ("North door") and an optional PIN. */
export const CreateDoorLinkInput = z.object({
  name: label("name"),
  eventIds,
  pin: z.preprocess((value) => (value === "" ? undefined : value), DoorPin.optional()),
});
export type CreateDoorLinkInput = z.input<typeof CreateDoorLinkInput>;

/** The events a staff member or link may check, changed. */
export const ChangeDoorEventsInput = z.object({ eventIds });
export type ChangeDoorEventsInput = z.input<typeof ChangeDoorEventsInput>;

/** The PIN typed at a door link's page. */
export const OpenDoorLinkInput = z.object({ pin: z.preprocess((value) => (value === "" ? undefined : value), DoorPin.optional()) });

export const DOOR_ACCESS_STATUSES = ["invited", "active", "revoked"] as const;
export type DoorAccessStatus = (typeof DOOR_ACCESS_STATUSES)[number];

export const DoorEventSummary = z.object({ id: z.string(), title: z.string(), dateTime: z.string() });

/** A staff member or door link as its organiser sees it. Never the secret. */
export const DoorAccessSummary = z.object({
  id: z.string(),
  kind: z.enum(["staff", "link"]),
  label: z.string(),
  /** Staff: the e-mail invited. */
  email: z.string().nullable(),
  /** Links: whether a PIN is asked for. */
  hasPin: z.boolean(),
  status: z.enum(DOOR_ACCESS_STATUSES),
  organiserId: z.string(),
  events: z.array(DoorEventSummary),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type DoorAccessSummary = z.infer<typeof DoorAccessSummary>;

/** A new door link: its address, shown once (only its hash is kept). */
export const CreatedDoorLink = z.object({ access: DoorAccessSummary, url: z.string() });
export type CreatedDoorLink = z.infer<typeof CreatedDoorLink>;

/** An invitation as its invitee sees it before accepting. */
export const DoorInvitation = z.object({
  id: z.string(),
  email: z.string(),
  organiserName: z.string(),
  status: z.enum(DOOR_ACCESS_STATUSES),
  /** Accepted by the signed-in user. */
  acceptedByYou: z.boolean(),
  events: z.array(DoorEventSummary),
});
export type DoorInvitation = z.infer<typeof DoorInvitation>;

/** Status of a door access row. */
export function doorAccessStatus(row: { acceptedAt: unknown; revokedAt: unknown; kind: string }): DoorAccessStatus {
  if (row.revokedAt) return "revoked";
  return row.kind === "link" || row.acceptedAt ? "active" : "invited";
}

/** The paths a door team's secrets are opened at (the invitation e-mail's link; a door link). */
export const doorInvitationPath = (token: string) => `/door/invitations/${encodeURIComponent(token)}`;
export const doorLinkPath = (secret: string) => `/door/${encodeURIComponent(secret)}`;

/** An event as the scanner lists it: what the door needs, never its money (staff and door links see this only). */
export const ScannerEvent = z.object({
  id: z.string(),
  title: z.string(),
  dateTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string(),
  status: z.string(),
});
export type ScannerEvent = z.infer<typeof ScannerEvent>;

/** Who the scanner is checking in as: the signed-in user or a door link, and for whom. */
export interface ScannerDoor {
  /** Keeps this door's offline ticket lists apart on a shared device: the user's id, or `link:<id>`. */
  key: string;
  /** "Sam Steward", or the link's name ("North door"). */
  label: string;
  /** The organisers whose events it checks beyond the user's own (staff and links). */
  organisers: string[];
  /** A door link (no account): it may leave the door. */
  link: boolean;
}
