import { CODE_EFFECTS, formatDateTime, formatPoundsPlain, isoToLondonInput, londonInputToIso, poundsToPence, type CodeEffect, type CodeSummary } from "@domain";

/** The codes screen's form fields (issue 37), named as the API's fields are, so a refusal naming a field lands beside it. */
export const CODE_FIELDS = ["code", "count", "prefix", "eventId", "effect", "value", "ticketTypeIds", "validFrom", "validUntil", "maxUses", "maxPerBuyer", "reservedPlaces"] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

/** What was typed, as typed (strings; the ticked types as a list), so a refused form is shown again with nothing lost. */
export type CodeFormValues = Partial<Record<Exclude<CodeField, "ticketTypeIds">, string>> & { ticketTypeIds?: string[] };

export type CodeFieldErrors = Partial<Record<CodeField, string>>;

export const EFFECT_LABELS: Record<CodeEffect, string> = {
  percent: "Percentage off",
  amount: "Amount off each ticket",
  set_price: "Set price for each ticket",
  none: "No discount: unlocks hidden types",
};

/** The form's values as typed. */
export function formValues(form: FormData): CodeFormValues {
  const values: CodeFormValues = {};
  for (const field of CODE_FIELDS) {
    if (field === "ticketTypeIds") values.ticketTypeIds = form.getAll(field).map(String);
    else if (form.has(field)) values[field] = String(form.get(field) ?? "").slice(0, 200);
  }
  return values;
}

/** A code's values as its edit form starts. */
export function valuesOfCode(code: CodeSummary): CodeFormValues {
  return {
    code: code.code,
    eventId: code.eventId ?? "",
    effect: code.effect,
    value: code.effect === "percent" ? String(code.value) : code.effect === "none" ? "" : formatPoundsPlain(code.value),
    ticketTypeIds: code.ticketTypeIds,
    validFrom: isoToLondonInput(code.validFrom),
    validUntil: isoToLondonInput(code.validUntil),
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    maxPerBuyer: code.maxPerBuyer === null ? "" : String(code.maxPerBuyer),
    reservedPlaces: code.reservedPlaces === null ? "" : String(code.reservedPlaces),
  };
}

const wholeNumber = (text: string | undefined): number | null | "bad" => {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : "bad";
};

/**
 * The API's body from the form: pounds to pence, a percentage as a number, UK times (datetime-local) to
 * instants. What cannot be read as typed is refused here beside its field; every other rule is the server's.
 */
export function codeInputOf(values: CodeFormValues, { generate }: { generate: boolean }): { input: Record<string, unknown>; errors: CodeFieldErrors } {
  const errors: CodeFieldErrors = {};
  const effect = CODE_EFFECTS.find((one) => one === values.effect) ?? "percent";
  let value = 0;
  const valueText = (values.value ?? "").trim();
  if (effect === "percent") {
    const percent = wholeNumber(valueText.replace(/%$/, ""));
    if (percent === null || percent === "bad") errors.value = "Enter the percentage off as a whole number from 1 to 100";
    else value = percent;
  } else if (effect === "amount" || effect === "set_price") {
    const pence = poundsToPence(valueText);
    if (pence === null) errors.value = effect === "amount" ? "Enter the amount off in pounds, e.g. 5 or 2.50" : "Enter the price in pounds, e.g. 10 or 0 for free";
    else value = pence;
  }
  const time = (field: "validFrom" | "validUntil") => {
    const text = (values[field] ?? "").trim();
    if (!text) return null;
    const iso = londonInputToIso(text);
    if (!iso) errors[field] = "Enter a date and time";
    return iso;
  };
  const limit = (field: "maxUses" | "maxPerBuyer" | "reservedPlaces" | "count") => {
    const number = wholeNumber(values[field]);
    if (number === "bad") {
      errors[field] = "Enter a whole number";
      return null;
    }
    return number;
  };
  const input: Record<string, unknown> = {
    eventId: values.eventId?.trim() || null,
    effect,
    value,
    ticketTypeIds: values.eventId?.trim() ? (values.ticketTypeIds ?? []) : [],
    validFrom: time("validFrom"),
    validUntil: time("validUntil"),
    maxUses: limit("maxUses"),
    maxPerBuyer: limit("maxPerBuyer"),
    reservedPlaces: values.eventId?.trim() ? limit("reservedPlaces") : null,
  };
  if (generate) {
    const count = limit("count");
    if (count === null && !errors.count) errors.count = "Enter how many codes to make";
    input.count = count ?? 0;
    input.prefix = (values.prefix ?? "").trim();
  } else {
    input.code = (values.code ?? "").trim();
  }
  return { input, errors };
}

/** A server refusal ("Invalid field 'value': A percentage off must be from 1 to 100") as the field it names and its words; null when it names none of the form's. */
export function fieldOfRefusal(message: string, field?: unknown): { field: CodeField; message: string } | null {
  const match = /^Invalid field '([A-Za-z]+)[^']*': (.*)$/s.exec(message);
  const named = match?.[1] ?? (typeof field === "string" ? field : undefined);
  const known = CODE_FIELDS.find((one) => one === named);
  if (!known) return null;
  const words = match?.[2] ?? message.replace(/^Invalid field '[^']*': /, "");
  // Beside its field it starts a sentence: "You already have a code QUARTER …".
  return { field: known, message: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** The first field in the form's order with an error: focus goes there. */
export function firstErrorField(errors: CodeFieldErrors): CodeField | null {
  return CODE_FIELDS.find((field) => errors[field]) ?? null;
}

export const CODE_STATE_LABELS: Record<CodeSummary["state"], string> = {
  ok: "Active",
  "not-yet": "Not yet valid",
  expired: "Expired",
  "used-up": "Used up",
  inactive: "Inactive",
};

/** "From 6 Dec 2026, 19:30 until …", in UK time; "Any time" without a window. */
export function validityText(code: Pick<CodeSummary, "validFrom" | "validUntil">): string {
  if (!code.validFrom && !code.validUntil) return "Any time";
  if (!code.validUntil) return `From ${formatDateTime(code.validFrom!)}`;
  if (!code.validFrom) return `Until ${formatDateTime(code.validUntil)}`;
  return `${formatDateTime(code.validFrom)} until ${formatDateTime(code.validUntil)}`;
}

/** "3 sold, 1 held of 100" — uses counted per ticket, held by live checkouts and sold. */
export function usesText(code: Pick<CodeSummary, "usesHeld" | "usesConfirmed" | "maxUses">): string {
  const used = `${code.usesConfirmed} sold${code.usesHeld ? `, ${code.usesHeld} held` : ""}`;
  return code.maxUses === null ? `${used}, no limit` : `${used} of ${code.maxUses}`;
}
