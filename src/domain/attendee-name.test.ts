import { describe, expect, it } from "vitest";
import { ATTENDEE_NAME_MESSAGES, attendeeNameProblem, checkoutAttendeeName } from "./attendee-name";

describe("attendee names (issue 17, decision 021)", () => {
  it("takes ordinary names of 1 to 100 characters, counting characters rather than UTF-16 units", () => {
    for (const name of ["Ada", "Siobhán O'Connor-Ní Bhriain", "李小龍", "J", "😀".repeat(100)]) expect(attendeeNameProblem(name)).toBeNull();
  });

  it("names what is wrong with an empty, long or unreadable name", () => {
    expect(attendeeNameProblem("")).toBe(ATTENDEE_NAME_MESSAGES.missing);
    expect(attendeeNameProblem("a".repeat(101))).toBe(ATTENDEE_NAME_MESSAGES.tooLong);
    for (const name of ["Ada\tLovelace", "Ada\nLovelace", "Ada\u0000", "Ada\u202E", "Ada\u200BLovelace", "\uFEFFAda"]) {
      expect(attendeeNameProblem(name), JSON.stringify(name)).toBe(ATTENDEE_NAME_MESSAGES.badCharacter);
    }
    // Blank letters only (the shared rule for names, issue 33): no name at all.
    expect(attendeeNameProblem("\u3164\u3164")).toBe(ATTENDEE_NAME_MESSAGES.missing);
  });

  it("offers the name typed last, else the display name, else nothing", () => {
    expect(checkoutAttendeeName({ lastAttendeeName: "Ada Lovelace", displayName: "Ada L." })).toBe("Ada Lovelace");
    expect(checkoutAttendeeName({ lastAttendeeName: null, displayName: "Ada L." })).toBe("Ada L.");
    expect(checkoutAttendeeName({ lastAttendeeName: " ", displayName: null })).toBe("");
    expect(checkoutAttendeeName(null)).toBe("");
  });
});
