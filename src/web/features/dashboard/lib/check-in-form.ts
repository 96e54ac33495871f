import { londonInputToIso, MAX_DOOR_OPENS_MINUTES_BEFORE, type CheckInListsView, type DoorFigures, type DoorSettingsView, type ScanLogPage } from "@domain";

/** The check-in section's posts (issue 38). */
export const CHECK_IN_INTENTS = ["door", "create-list", "update-list", "delete-list"] as const;
export type CheckInIntent = (typeof CHECK_IN_INTENTS)[number];

export const LIST_FIELDS = ["name", "ticketTypeIds", "opensAt", "closesAt"] as const;
export type ListField = (typeof LIST_FIELDS)[number];
export type ListFieldErrors = Partial<Record<ListField | "doorOpens", string>>;

/** What a list's form held, given back beside its errors so nothing typed is lost. */
export interface ListFormValues {
  name: string;
  ticketTypeIds: string[];
  opensAt: string;
  closesAt: string;
  allowMultipleEntries: boolean;
  allowReentry: boolean;
}

/** What the section's post answered: done, or the errors beside their fields, or a message. */
export interface CheckInActionResult {
  intent: CheckInIntent;
  /** The list the post was about (its edit form shows the errors); null for a new one or the door. */
  listId: string | null;
  done?: string;
  message?: string;
  errors?: ListFieldErrors;
  values?: ListFormValues;
  nonce: number;
}

const text = (form: FormData, name: string, max = 200) => String(form.get(name) ?? "").slice(0, max);

export function listFormValues(form: FormData): ListFormValues {
  return {
    name: text(form, "name", 200),
    ticketTypeIds: form.getAll("ticketTypeIds").map((id) => String(id).slice(0, 100)).slice(0, 50),
    opensAt: text(form, "opensAt", 40),
    closesAt: text(form, "closesAt", 40),
    allowMultipleEntries: form.get("allowMultipleEntries") === "on",
    allowReentry: form.get("allowReentry") === "on",
  };
}

/**
 * A list's form as the API's body: its window typed in UK time sent as instants; the default list's types
 * are never sent (they are every type). Errors the form itself can tell, before asking the server.
 */
export function listInputOf(values: ListFormValues, { isDefault }: { isDefault: boolean }): { input: Record<string, unknown>; errors: ListFieldErrors } {
  const errors: ListFieldErrors = {};
  const instant = (field: "opensAt" | "closesAt") => {
    if (!values[field].trim()) return null;
    const iso = londonInputToIso(values[field]);
    if (!iso) errors[field] = "Enter a date and time";
    return iso;
  };
  const input: Record<string, unknown> = {
    name: values.name,
    opensAt: instant("opensAt"),
    closesAt: instant("closesAt"),
    allowMultipleEntries: values.allowMultipleEntries,
    allowReentry: values.allowReentry,
  };
  if (!isDefault) {
    input.ticketTypeIds = values.ticketTypeIds;
    if (values.ticketTypeIds.length === 0) errors.ticketTypeIds = "Choose at least one ticket type";
  }
  if (!values.name.trim()) errors.name = "Name is required";
  return { input, errors };
}

/** A server refusal ("Invalid field 'name': …") as the list field it names and its words; null when it names none. */
export function listFieldOfRefusal(message: string, field?: unknown): { field: ListField; message: string } | null {
  const match = /^Invalid field '([A-Za-z]+)[^']*': (.*)$/s.exec(message);
  const named = match?.[1] ?? (typeof field === "string" ? field : undefined);
  const known = LIST_FIELDS.find((one) => one === named);
  if (!known) return null;
  const words = match?.[2] ?? message;
  return { field: known, message: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** The door form's "3 hours" or "90 minutes" as minutes, or why not. */
export function doorMinutesOf(amount: string, unit: string): { minutes: number } | { error: string } {
  const value = Number(amount.trim());
  const perUnit = unit === "hours" ? 60 : 1;
  if (!amount.trim() || !Number.isFinite(value) || value < 0) return { error: "Enter how long before the start the door opens" };
  const minutes = Math.round(value * perUnit);
  if (!Number.isInteger(value * perUnit)) return { error: "Enter a whole number of minutes" };
  if (minutes > MAX_DOOR_OPENS_MINUTES_BEFORE) return { error: "The door can open at most a week (168 hours) before the start" };
  return { minutes };
}

/** The door form's starting amount and unit: hours when the minutes are whole hours. */
export function doorAmountOf(minutes: number): { amount: number; unit: "hours" | "minutes" } {
  return minutes % 60 === 0 ? { amount: minutes / 60, unit: "hours" } : { amount: minutes, unit: "minutes" };
}

export interface CheckInFilters {
  result: string;
  who: string;
  list: string;
}

/** What the section's loader reads for the chosen event. */
export interface CheckInSection {
  lists: CheckInListsView;
  door: DoorSettingsView & { amount: number; unit: "hours" | "minutes" };
  figures: DoorFigures;
  log: ScanLogPage;
  /** The filters as read from the address (unknown values dropped), and whether this is a later page. */
  filters: CheckInFilters;
  later: boolean;
}
