import { z } from "zod";
import { CHECK_IN_LIST_NAME_MAX, SCAN_RESULTS } from "./check-in-lists";
import { MAX_DOOR_OPENS_MINUTES_BEFORE } from "./door";
import { MAX_TICKET_TYPES } from "./ticket-types";

const listName = z
  .string({ message: "name is required" })
  .trim()
  .min(1, "name is required")
  .max(CHECK_IN_LIST_NAME_MAX, `name must be at most ${CHECK_IN_LIST_NAME_MAX} characters`);
const when = (field: string) =>
  z.preprocess((value) => (value === "" ? null : value), z.iso.datetime({ offset: true, message: `${field} must be a date and time with its offset` }).nullish().transform((v) => v ?? null));
const yesNo = (field: string) => z.boolean({ message: `${field} must be true or false` });
const typeIds = z
  .array(z.uuid("ticketTypeIds must be ticket type ids"), { message: "ticketTypeIds must be a list of ticket type ids" })
  .min(1, "choose at least one ticket type")
  .max(MAX_TICKET_TYPES, `ticketTypeIds can name at most ${MAX_TICKET_TYPES} types`)
  .transform((ids) => [...new Set(ids)]);

const windowInOrder = (list: { opensAt: string | null; closesAt: string | null }, context: z.RefinementCtx) => {
  if (list.opensAt && list.closesAt && new Date(list.opensAt) >= new Date(list.closesAt)) context.addIssue({ code: "custom", path: ["closesAt"], message: "closesAt must be after opensAt" });
};

/**
 * A check-in list as an organiser makes it (issue 38): a name unique in its event, some of the event's
 * types, an optional window of its own inside the event's door window, and whether a ticket may enter more
 * than once or again after an exit scan. The default list (every type) is made with its event.
 */
export const CheckInListInput = z
  .strictObject({
    name: listName,
    ticketTypeIds: typeIds,
    opensAt: when("opensAt"),
    closesAt: when("closesAt"),
    allowMultipleEntries: yesNo("allowMultipleEntries").default(false),
    allowReentry: yesNo("allowReentry").default(false),
  })
  .superRefine(windowInOrder);
export type CheckInListInput = z.input<typeof CheckInListInput>;
export type CheckInListValues = z.output<typeof CheckInListInput>;

/** The default list's fields: the same, but its types are every type (null), never chosen. */
export const DefaultCheckInListInput = z
  .strictObject({
    name: listName,
    ticketTypeIds: z.null({ message: "The default list admits every ticket type: its types cannot be chosen" }),
    opensAt: when("opensAt"),
    closesAt: when("closesAt"),
    allowMultipleEntries: yesNo("allowMultipleEntries"),
    allowReentry: yesNo("allowReentry"),
  })
  .superRefine(windowInOrder);

export const CheckInListView = z.object({
  id: z.string(),
  name: z.string(),
  isDefault: z.boolean(),
  /** null: every type (the default list). */
  ticketTypeIds: z.array(z.string()).nullable(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  allowMultipleEntries: z.boolean(),
  allowReentry: z.boolean(),
  /** Scans recorded on it: a list with scans cannot be deleted (their log names it). */
  scans: z.number().int(),
});
export type CheckInListView = z.infer<typeof CheckInListView>;

export const CheckInListsView = z.object({
  lists: z.array(CheckInListView),
  /** The event's ticket types, in their order, for choosing a list's. */
  ticketTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CheckInListsView = z.infer<typeof CheckInListsView>;

/** The event's door opening time (PATCH /api/events/{id}/door). */
export const DoorSettingsInput = z.strictObject({
  doorOpensMinutesBefore: z
    .number({ message: "doorOpensMinutesBefore must be a number of minutes" })
    .int("doorOpensMinutesBefore must be a whole number of minutes")
    .min(0, "doorOpensMinutesBefore cannot be negative")
    .max(MAX_DOOR_OPENS_MINUTES_BEFORE, `doorOpensMinutesBefore must be at most ${MAX_DOOR_OPENS_MINUTES_BEFORE} (a week)`),
});

export const DoorSettingsView = z.object({
  doorOpensMinutesBefore: z.number().int(),
  /** The resulting door window (doorWindow): a ticket scanned outside it needs staff to confirm. */
  opensAt: z.string(),
  closesAt: z.string(),
});
export type DoorSettingsView = z.infer<typeof DoorSettingsView>;

/** The scan log's filters (GET /api/events/{id}/scans). */
export const ScanLogQuery = z.object({
  result: z.enum(SCAN_RESULTS, { message: `result must be one of ${SCAN_RESULTS.join(", ")}` }).optional(),
  /** A value from the page's `who` choices. */
  who: z.string().max(200, "who is too long").optional(),
  list: z.uuid("list must be a check-in list id").optional(),
  cursor: z.string().max(200, "cursor is too long").optional(),
  format: z.enum(["json", "csv"]).default("json"),
});
export type ScanLogQuery = z.input<typeof ScanLogQuery>;

export const ScanLogRow = z.object({
  id: z.string(),
  scannedAt: z.string(),
  receivedAt: z.string(),
  /** The ticket's code, or what was scanned when it matched no ticket. */
  ticketCode: z.string().nullable(),
  attendeeName: z.string().nullable(),
  typeName: z.string().nullable(),
  listName: z.string().nullable(),
  direction: z.enum(["in", "out"]),
  result: z.enum(SCAN_RESULTS),
  reason: z.string().nullable(),
  /** Admitted outside its window because staff confirmed. */
  confirmed: z.boolean(),
  /** Who scanned, as it read then. */
  who: z.string(),
  device: z.string().nullable(),
  offline: z.boolean(),
});
export type ScanLogRow = z.infer<typeof ScanLogRow>;

export const ScanLogPage = z.object({
  scans: z.array(ScanLogRow),
  /** The next (older) page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
  /** Who has scanned at this event, for the `who` filter. */
  who: z.array(z.object({ value: z.string(), label: z.string() })),
  lists: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ScanLogPage = z.infer<typeof ScanLogPage>;

const figure = { admitted: z.number().int(), expected: z.number().int() };

/** The door's figures for one event: admitted / sold per check-in list (the types it covers) and per type. */
export const DoorFigures = z.object({
  eventId: z.string(),
  lists: z.array(z.object({ id: z.string(), name: z.string(), isDefault: z.boolean(), ...figure })),
  types: z.array(z.object({ id: z.string(), name: z.string(), ...figure })),
});
export type DoorFigures = z.infer<typeof DoorFigures>;

/**
 * The door's figures pushed to every device at an event's door (GET /api/realtime/door/{eventId}, SSE event
 * 'door', issue 38): the 'Admitted X / Y' and the figures per list and type, and nothing about any buyer.
 */
export const LiveDoor = z.object({
  eventId: z.string(),
  checkIns: z.object(figure),
  door: DoorFigures,
});
export type LiveDoor = z.infer<typeof LiveDoor>;
