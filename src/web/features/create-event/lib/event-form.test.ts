import { describe, expect, it } from "vitest";
import type { EditableEvent } from "@domain";
import { assembleEventInput, type AssembleOptions } from "./event-checks";
import {
  EMPTY_EVENT_FORM,
  fieldNamedIn,
  formPricePence,
  formValuesFromEvent,
  newTicketType,
  penceToPoundsInput,
  sellsTickets,
  submitButtonLabel,
  withAnotherTicketType,
  withCategory,
  type EventFormValues,
  type TicketTypeFormValues,
} from "./event-form";
import { endedNow } from "../components/ticket-types-editor";
import { anEditableTicketType } from "~/test/events";

const filled: EventFormValues = {
  ...EMPTY_EVENT_FORM,
  title: "  Summer Jazz Night ",
  category: "music",
  dateTime: "2026-07-04T19:30",
  venue: "The Deaf Institute",
  location: "Manchester",
};
const asMember: AssembleOptions = { hasImageFile: false, admin: null };
const asAdmin = (editing: boolean): AssembleOptions => ({ hasImageFile: false, admin: { actorId: "admin-1", editing } });

function inputOf(values: EventFormValues, options = asMember) {
  const result = assembleEventInput(values, options);
  if (!result.ok) throw new Error(`Unexpected problem: ${result.problem.message}`);
  return result.input;
}

function problemOf(values: EventFormValues, options = asMember) {
  const result = assembleEventInput(values, options);
  if (result.ok) throw new Error("Expected a problem");
  return result.problem;
}

describe("assembleEventInput (spec §5 Create event)", () => {
  it("turns the typed values into the API's EventInput: pence, UK times as ISO, empty fields null", () => {
    expect(
      inputOf({ ...filled, description: " ", endTime: "2026-07-04T23:00", price: "12.5", maxAttendees: "150", minAge: "18", transferCutoffHours: "24", affiliateCode: "abc-1" }),
    ).toEqual({
      title: "Summer Jazz Night",
      description: null,
      category: "music",
      dateTime: "2026-07-04T18:30:00.000Z",
      endTime: "2026-07-04T22:00:00.000Z",
      venue: "The Deaf Institute",
      location: "Manchester",
      pricePence: 1250,
      absorbsBookingFee: false,
      maxAttendees: 150,
      minAge: 18,
      transferCutoffHours: 24, questions: [],
      imageUrl: null,
      videoUrl: null,
      affiliateCode: "ABC-1",
      organiserId: null,
    });
  });

  it("asks for the venue of an event but not of a business listing (issue 17)", () => {
    expect(problemOf({ ...filled, venue: "  " })).toEqual({ field: "venue", message: "Venue is required" });
    expect(inputOf({ ...filled, category: "ongoing-business", dateTime: "", venue: "" }).venue).toBeNull();
    expect(inputOf({ ...filled, category: "food", venue: "" }).venue).toBeNull();
    expect(fieldNamedIn("Invalid field 'venue': Venue is too long (150 characters at most)")).toBe("venue");
  });

  it("reads an empty price as free and empty max attendees as unlimited", () => {
    expect(inputOf(filled)).toMatchObject({ pricePence: 0, maxAttendees: null });
    expect(inputOf({ ...filled, price: "£1,000.00" }).pricePence).toBe(100_000);
  });

  it("sends no times for an ongoing business, whatever was typed", () => {
    const input = inputOf({ ...filled, category: "ongoing-business", dateTime: "2026-07-04T19:30", endTime: "nonsense" });
    expect(input).toMatchObject({ category: "ongoing-business", dateTime: null, endTime: null });
  });

  it("sends the image URL only when no file is chosen", () => {
    const values = { ...filled, imageUrl: "https://cdn.example.com/poster.png" };
    expect(inputOf(values).imageUrl).toBe("https://cdn.example.com/poster.png");
    expect(inputOf(values, { hasImageFile: true, admin: null }).imageUrl).toBeNull();
    const stored = "/media/events/3f2a1c2e-0000-4000-8000-000000000001/0123456789abcdef.webp";
    expect(inputOf({ ...filled, imageUrl: stored }).imageUrl).toBe(stored);
  });

  it("sends the chosen organiser for admins only", () => {
    expect(inputOf({ ...filled, organiserId: "user-2" }, asAdmin(false)).organiserId).toBe("user-2");
    expect(inputOf({ ...filled, organiserId: "user-2" }, asAdmin(true)).organiserId).toBe("user-2");
    expect(inputOf({ ...filled, organiserId: "user-2" }).organiserId).toBeNull();
  });

  it("reads an admin's empty organiser as the admin: null on create, their id on edit (where null keeps the owner)", () => {
    expect(inputOf({ ...filled, organiserId: "" }, asAdmin(false)).organiserId).toBeNull();
    expect(inputOf({ ...filled, organiserId: "" }, asAdmin(true)).organiserId).toBe("admin-1");
  });

  it("names the field and says what is wrong, in the schema's words", () => {
    expect(problemOf({ ...filled, title: " " })).toEqual({ field: "title", message: "Event Title is required" });
    expect(problemOf({ ...filled, location: "" })).toEqual({ field: "location", message: "Location is required" });
    expect(problemOf({ ...filled, dateTime: "" })).toEqual({ field: "dateTime", message: "Start Date & Time is required" });
    expect(problemOf({ ...filled, category: "" })).toEqual({ field: "category", message: "Choose an event type" });
    expect(problemOf({ ...filled, endTime: "2026-07-04T18:00" })).toEqual({ field: "endTime", message: "End time must be after the start" });
    expect(problemOf({ ...filled, maxAttendees: "0" })).toEqual({ field: "maxAttendees", message: "Max attendees must be at least 1" });
    expect(problemOf({ ...filled, maxAttendees: "2.5" })).toEqual({ field: "maxAttendees", message: "Max attendees must be a whole number" });
    expect(problemOf({ ...filled, videoUrl: "youtube" }).field).toBe("videoUrl");
    expect(problemOf({ ...filled, affiliateCode: "ABC 1" }).field).toBe("affiliateCode");
  });

  it("refuses a price that is not pounds and pence", () => {
    for (const price of ["-5", "12.345", "abc"]) {
      expect(problemOf({ ...filled, price })).toEqual({ field: "price", message: "Price must be an amount in pounds, such as 12.50" });
    }
  });

  it("reports the problem nearest the top of the form first", () => {
    expect(problemOf({ ...filled, title: "", price: "abc", location: "" }).field).toBe("title");
    expect(problemOf({ ...filled, dateTime: "", location: "" }).field).toBe("dateTime");
    expect(problemOf({ ...filled, price: "abc", videoUrl: "nope" }).field).toBe("price");
  });
});

describe("withCategory (spec §4: ongoing-business clears the times)", () => {
  it("clears the start and end for an ongoing business and keeps them otherwise", () => {
    const timed = { ...filled, endTime: "2026-07-04T23:00" };
    expect(withCategory(timed, "ongoing-business")).toMatchObject({ category: "ongoing-business", dateTime: "", endTime: "" });
    expect(withCategory(timed, "food")).toMatchObject({ category: "food", dateTime: "2026-07-04T19:30", endTime: "2026-07-04T23:00" });
  });
});

const saved: EditableEvent = {
  id: "ev-1",
  userId: "owner-1",
  title: "Summer Jazz Night",
  description: null,
  category: "Music",
  dateTime: "2026-07-04T18:30:00.000Z",
  endTime: null,
  venue: "Band on the Wall",
  location: "Manchester",
  pricePence: 1205,
  ticketTypes: [anEditableTicketType(1205)],
  absorbsBookingFee: false,
  maxAttendees: 80,
  imageUrl: "/media/seed/summer-jazz.webp",
  videoUrl: null,
  affiliateCode: "ABC123",
  status: "active",
  businessType: "event",
  minAge: null,
  transferCutoffHours: 0,
  questions: [],
};

describe("formValuesFromEvent", () => {
  it("fills the form from a saved event in UK time and pounds", () => {
    expect(formValuesFromEvent(saved, "owner-1")).toEqual({
      title: "Summer Jazz Night",
      description: "",
      category: "music",
      dateTime: "2026-07-04T19:30",
      endTime: "",
      venue: "Band on the Wall",
      location: "Manchester",
      price: "12.05",
      ticketTypes: null,
      maxAttendees: "80",
      minAge: "",
      transferCutoffHours: "",
      absorbsBookingFee: false,
      questions: [],
      imageUrl: "/media/seed/summer-jazz.webp",
      videoUrl: "",
      affiliateCode: "ABC123",
      organiserId: "",
    });
  });

  it("fills and sends back the minimum age; none is empty and sent as null (issue 34)", () => {
    const values = formValuesFromEvent({ ...saved, minAge: 16 }, "owner-1");
    expect(values.minAge).toBe("16");
    expect(inputOf({ ...filled, minAge: values.minAge }).minAge).toBe(16);
    expect(inputOf(filled).minAge).toBeNull();
    expect(problemOf({ ...filled, minAge: "17" })).toEqual({ field: "minAge", message: "Minimum age must be none or one of 14, 16, 18, 21" });
  });

  it("leaves an ongoing business's placeholder date out of the form", () => {
    const values = formValuesFromEvent({ ...saved, category: "ongoing-business", dateTime: "2030-12-31T23:59:00.000Z" }, "owner-1");
    expect(values).toMatchObject({ dateTime: "", endTime: "" });
  });

  it("keeps the organiser when an admin edits someone else's event", () => {
    expect(formValuesFromEvent(saved, "admin-1").organiserId).toBe("owner-1");
  });

  it("asks for an event type when the saved one is not offered", () => {
    expect(formValuesFromEvent({ ...saved, category: "karaoke" }, "owner-1").category).toBe("");
    expect(formValuesFromEvent({ ...saved, category: null }, "owner-1").category).toBe("");
  });

  it("round-trips a saved event unchanged", () => {
    const input = inputOf(formValuesFromEvent(saved, "owner-1"));
    expect(input).toMatchObject({ dateTime: saved.dateTime, pricePence: 1205, maxAttendees: 80, imageUrl: saved.imageUrl, category: "music" });
  });
});

describe("penceToPoundsInput", () => {
  it("shows pence as pounds without floating point, free as empty", () => {
    expect(penceToPoundsInput(1205)).toBe("12.05");
    expect(penceToPoundsInput(100_000)).toBe("1000.00");
    expect(penceToPoundsInput(0)).toBe("");
  });
});

describe("fieldNamedIn (the server's VALIDATION_FAILED messages)", () => {
  it("finds the field by its key or by the schema's wording", () => {
    expect(fieldNamedIn("Invalid body field 'title': Event Title is required")).toBe("title");
    expect(fieldNamedIn("Invalid body field 'pricePence': Price cannot be negative")).toBe("price");
    expect(fieldNamedIn("Location is required")).toBe("location");
    expect(fieldNamedIn("Video URL must be a web address starting with http:// or https://")).toBe("videoUrl");
    expect(fieldNamedIn("Something went wrong")).toBeUndefined();
  });
});

describe("submitButtonLabel (spec §2)", () => {
  it("says what the button does, and what it is doing while working", () => {
    expect(submitButtonLabel("create", false)).toBe("Create Event");
    expect(submitButtonLabel("create", true)).toBe("Creating Event...");
    expect(submitButtonLabel("edit", false)).toBe("Update Event");
    expect(submitButtonLabel("edit", true)).toBe("Updating Event...");
  });
});

describe("several ticket types in the form (issue 36)", () => {
  const typed = (overrides: Partial<TicketTypeFormValues>): TicketTypeFormValues => ({ ...newTicketType(), ...overrides });
  const threeTypes: EventFormValues = {
    ...filled,
    maxAttendees: "150",
    ticketTypes: [
      typed({ name: "Early bird", price: "10", capacity: "50", salesEnd: "2026-06-01T18:00" }),
      typed({ name: "Standard", price: "15" }),
      typed({ name: " VIP ", price: "40", capacity: "20", maxPerOrder: "4", minPerOrder: "2", description: "Balcony seats", hidden: true }),
    ],
  };

  it("sends each type in the form's order, in pence and UK time as ISO, and no one price", () => {
    const input = inputOf(threeTypes);
    expect(input.pricePence).toBeUndefined();
    expect(input.maxAttendees).toBe(150);
    expect(input.ticketTypes).toEqual([
      { name: "Early bird", description: null, pricePence: 1000, capacity: 50, salesStart: null, salesEnd: "2026-06-01T17:00:00.000Z", minPerOrder: 1, maxPerOrder: null, hidden: false },
      { name: "Standard", description: null, pricePence: 1500, capacity: null, salesStart: null, salesEnd: null, minPerOrder: 1, maxPerOrder: null, hidden: false },
      { name: "VIP", description: "Balcony seats", pricePence: 4000, capacity: 20, salesStart: null, salesEnd: null, minPerOrder: 2, maxPerOrder: 4, hidden: true },
    ]);
    expect(sellsTickets(threeTypes)).toBe(true);
    expect(inputOf({ ...threeTypes, absorbsBookingFee: true }).absorbsBookingFee).toBe(true);
  });

  it("keeps a saved type's id, so that saving changes it rather than adding another", () => {
    const values = { ...threeTypes, ticketTypes: [typed({ id: "0b7e8f2a-4c1d-4e6f-8a9b-1c2d3e4f5a6b", name: "Standard", price: "15" })] };
    expect(inputOf(values).ticketTypes?.[0]).toMatchObject({ id: "0b7e8f2a-4c1d-4e6f-8a9b-1c2d3e4f5a6b", name: "Standard" });
  });

  it("reports a type's problem at that type's field, in the server's schema's words", () => {
    const at = (index: number, overrides: Partial<TicketTypeFormValues>) => ({ ...threeTypes, ticketTypes: threeTypes.ticketTypes!.map((type, i) => (i === index ? { ...type, ...overrides } : type)) });
    expect(problemOf(at(1, { name: " " }))).toEqual({ field: "ticketTypes.1.name", message: "Ticket type name is required" });
    expect(problemOf(at(2, { price: "abc" }))).toEqual({ field: "ticketTypes.2.price", message: "Price must be an amount in pounds, such as 12.50" });
    expect(problemOf(at(0, { salesStart: "2026-06-02T18:00" }))).toEqual({ field: "ticketTypes.0.salesEnd", message: "On sale until must be after on sale from" });
    expect(problemOf(at(2, { maxPerOrder: "1" }))).toEqual({ field: "ticketTypes.2.maxPerOrder", message: "Maximum per order cannot be below the minimum" });
    expect(problemOf(at(0, { capacity: "0" }))).toEqual({ field: "ticketTypes.0.capacity", message: "Ticket type capacity must be at least 1" });
    expect(problemOf(at(1, { name: "early BIRD" }))).toEqual({ field: "ticketTypes.1.name", message: "Two ticket types are called early BIRD: give each its own name" });
    // The first problem down the form: the first type's before the second's, and the title before any.
    expect(problemOf({ ...at(1, { name: "" }), ticketTypes: [{ ...threeTypes.ticketTypes![0]!, capacity: "0" }, { ...threeTypes.ticketTypes![1]!, name: "" }] }).field).toBe("ticketTypes.0.capacity");
    expect(problemOf({ ...at(1, { name: "" }), title: "" }).field).toBe("title");
  });

  it("takes free and paid types together: the event sells tickets and the fee notes go by the lowest paid price", () => {
    const mixed = { ...threeTypes, ticketTypes: [typed({ name: "Under 5s", price: "" }), typed({ name: "Standard", price: "15" })] };
    expect(assembleEventInput(mixed, asMember).ok).toBe(true);
    expect(inputOf(mixed).ticketTypes?.map((type) => type.pricePence)).toEqual([0, 1500]);
    expect(sellsTickets(mixed)).toBe(true);
    expect(formPricePence(mixed)).toBe(1500);
    const free = { ...threeTypes, ticketTypes: [typed({ name: "Adult", price: "" }), typed({ name: "Child", price: "0" })] };
    expect(inputOf(free).ticketTypes?.map((type) => type.pricePence)).toEqual([0, 0]);
    expect(sellsTickets(free)).toBe(false);
  });

  it("'Add another ticket type' turns the one price into a list: the event's own type (kept by id) at the price typed, then a new one", () => {
    const created = withAnotherTicketType({ ...filled, price: "10" }, null);
    expect(created.ticketTypes?.map((type) => [type.name, type.price, type.id])).toEqual([
      ["General Admission", "10", undefined],
      ["", "", undefined],
    ]);
    const edited = withAnotherTicketType({ ...formValuesFromEvent(saved, "owner-1"), price: "13" }, { ...saved, ticketTypes: [anEditableTicketType(1205, { sold: 3, removable: false })] });
    expect(edited.ticketTypes?.[0]).toMatchObject({ id: anEditableTicketType(0).id, name: "General Admission", price: "13", sold: 3, removable: false });
    expect(withAnotherTicketType(edited, null).ticketTypes).toHaveLength(3);
  });

  it("opens an event with several types as its list, times in UK time", () => {
    const several = {
      ...saved,
      ticketTypes: [
        anEditableTicketType(1000, { id: "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5", name: "Early bird", capacity: 50, salesEnd: "2026-06-01T17:00:00.000Z", sold: 4, removable: false }),
        anEditableTicketType(1500, { id: "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f5a6", name: "Standard", maxPerOrder: 6, minPerOrder: 2 }),
      ],
    };
    const values = formValuesFromEvent(several, "owner-1");
    expect(values.ticketTypes).toEqual([
      { key: "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5", id: "1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5", name: "Early bird", description: "", price: "10.00", capacity: "50", salesStart: "", salesEnd: "2026-06-01T18:00", minPerOrder: "", maxPerOrder: "", hidden: false, sold: 4, removable: false },
      { key: "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f5a6", id: "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f5a6", name: "Standard", description: "", price: "15.00", capacity: "", salesStart: "", salesEnd: "", minPerOrder: "2", maxPerOrder: "6", hidden: false, sold: 0, removable: true },
    ]);
    expect(inputOf(values).ticketTypes?.map((type) => type.id)).toEqual(["1d2e3f40-5a6b-4c7d-8e9f-a0b1c2d3e4f5", "2e3f4051-6b7c-4d8e-9fa0-b1c2d3e4f5a6"]);
  });

  it("'End sales now' ends a type from this minute, UK time, and drops a start still to come", () => {
    const now = new Date("2026-07-01T12:34:56.000Z");
    expect(endedNow(typed({ name: "Early bird", salesStart: "2026-05-01T09:00" }), now)).toMatchObject({ salesStart: "2026-05-01T09:00", salesEnd: "2026-07-01T13:34" });
    expect(endedNow(typed({ name: "Late", salesStart: "2026-08-01T09:00" }), now)).toMatchObject({ salesStart: "", salesEnd: "2026-07-01T13:34" });
  });
});
