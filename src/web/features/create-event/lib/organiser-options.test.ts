import { describe, expect, it } from "vitest";
import { organiserLabel, organiserOptions } from "./organiser-options";

describe("organiserLabel (spec §6 Admin)", () => {
  it("shows the display name plus @username", () => {
    expect(organiserLabel({ userId: "u1", displayName: "Jane Smith", username: "jane" })).toBe("Jane Smith (@jane)");
    expect(organiserLabel({ userId: "u1", displayName: "Jane Smith", username: null })).toBe("Jane Smith");
    expect(organiserLabel({ userId: "u1", displayName: " ", username: "jane" })).toBe("@jane");
  });

  it("falls back to 'User' and the first 8 characters of the id", () => {
    expect(organiserLabel({ userId: "0123456789abcdef", displayName: null, username: null })).toBe("User 01234567");
  });
});

describe("organiserOptions", () => {
  const organisers = [
    { userId: "admin-1", displayName: "Ada Admin", username: "ada" },
    { userId: "user-2", displayName: "Bo", username: "bo" },
  ];

  it("starts with yourself (empty) and lists everyone else", () => {
    expect(organiserOptions(organisers, { actorId: "admin-1", currentOrganiserId: "" })).toEqual([
      { value: "", label: "Yourself" },
      { value: "user-2", label: "Bo (@bo)" },
    ]);
  });

  it("always offers the event's current organiser, even when the list failed to load", () => {
    expect(organiserOptions([], { actorId: "admin-1", currentOrganiserId: "abcdef123456" })).toEqual([
      { value: "", label: "Yourself" },
      { value: "abcdef123456", label: "Current organizer (User abcdef12)" },
    ]);
  });
});
