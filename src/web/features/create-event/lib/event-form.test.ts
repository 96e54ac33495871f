import { describe, expect, it } from "vitest";
import type { EditableEvent } from "@domain";
import { assembleEventInput, type AssembleOptions } from "./event-checks";
import { EMPTY_EVENT_FORM, fieldNamedIn, formValuesFromEvent, penceToPoundsInput, submitButtonLabel, withCategory, type EventFormValues } from "./event-form";
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
      inputOf({ ...filled, description: " ", endTime: "2026-07-04T23:00", price: "12.5", maxAttendees: "150", minAge: "18", affiliateCode: "abc-1" }),
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
      maxAttendees: "80",
      minAge: "",
      absorbsBookingFee: false,
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
