import { describe, expect, it } from "vitest";
import { formatSentAt, linkPath } from "./mailbox-message";

describe("formatSentAt", () => {
  it("shows the UK date and 24-hour time", () => {
    const shown = formatSentAt("2026-07-04T18:05:00.000Z");
    expect(shown).toContain("4 Jul 2026");
    expect(shown).toMatch(/, 19:05$/);
  });
});

describe("linkPath", () => {
  it("drops the origin so a link's purpose stays readable", () => {
    expect(linkPath("http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fauth")).toBe(
      "/api/auth/verify-email?token=abc&callbackURL=%2Fauth",
    );
    expect(linkPath("not a url")).toBe("not a url");
  });
});
