import { expect, test } from "vitest";
import { codeInputOf, fieldOfRefusal, firstErrorField, formValues, usesText, validityText } from "./code-form";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

test("the form's pounds, percentages and UK times become the API's pence, numbers and instants", () => {
  const values = formValues(form([["code", " quarter "], ["eventId", "e1"], ["effect", "amount"], ["value", "£2.50"], ["ticketTypeIds", "t1"], ["ticketTypeIds", "t2"], ["validFrom", "2026-07-04T19:30"], ["validUntil", ""], ["maxUses", "100"], ["maxPerBuyer", ""], ["reservedPlaces", "10"]]));
  expect(codeInputOf(values, { generate: false })).toEqual({
    input: { code: "quarter", eventId: "e1", effect: "amount", value: 250, ticketTypeIds: ["t1", "t2"], validFrom: "2026-07-04T18:30:00.000Z", validUntil: null, maxUses: 100, maxPerBuyer: null, reservedPlaces: 10 },
    errors: {},
  });
  // All events: no types (the server refuses types without their event).
  expect(codeInputOf({ ...values, eventId: "" }, { generate: false }).input).toMatchObject({ ticketTypeIds: [], reservedPlaces: null });
  expect(codeInputOf({ effect: "percent", value: "25%", count: "200", prefix: "mail-" }, { generate: true }).input).toMatchObject({ effect: "percent", value: 25, count: 200, prefix: "mail-" });
  expect(codeInputOf({ effect: "none", value: "" }, { generate: false }).input.value).toBe(0);
});

test("what cannot be read as typed is refused beside its field", () => {
  expect(codeInputOf({ effect: "percent", value: "a quarter" }, { generate: false }).errors).toEqual({ value: "Enter the percentage off as a whole number from 1 to 100" });
  expect(codeInputOf({ effect: "set_price", value: "" }, { generate: false }).errors).toEqual({ value: "Enter the price in pounds, e.g. 10 or 0 for free" });
  expect(codeInputOf({ effect: "percent", value: "10", validUntil: "soon", maxUses: "1.5" }, { generate: false }).errors).toEqual({ validUntil: "Enter a date and time", maxUses: "Enter a whole number" });
  expect(codeInputOf({ effect: "percent", value: "10" }, { generate: true }).errors).toEqual({ count: "Enter how many codes to make" });
});

test("a server refusal naming a field is put beside it; the first field at fault in the form's order takes focus", () => {
  expect(fieldOfRefusal("Invalid field 'value': A percentage off must be from 1 to 100")).toEqual({ field: "value", message: "A percentage off must be from 1 to 100" });
  expect(fieldOfRefusal("Invalid field 'ticketTypeIds.0': ticketTypeIds must be ticket type ids")).toEqual({ field: "ticketTypeIds", message: "TicketTypeIds must be ticket type ids" });
  expect(fieldOfRefusal("Invalid field 'code': you already have a code QUARTER (codes are the same whatever their case)", "code")).toEqual({ field: "code", message: "You already have a code QUARTER (codes are the same whatever their case)" });
  expect(fieldOfRefusal("The code QUARTER has been used, so it cannot be deleted: deactivate it instead.")).toBeNull();
  expect(firstErrorField({ maxUses: "x", code: "y" })).toBe("code");
});

test("uses and validity in words", () => {
  expect(usesText({ usesHeld: 1, usesConfirmed: 3, maxUses: 100 })).toBe("3 sold, 1 held of 100");
  expect(usesText({ usesHeld: 0, usesConfirmed: 0, maxUses: null })).toBe("0 sold, no limit");
  expect(validityText({ validFrom: null, validUntil: null })).toBe("Any time");
  expect(validityText({ validFrom: "2026-07-04T18:30:00.000Z", validUntil: null })).toBe("From Sat, 4 Jul 2026, 19:30");
});
