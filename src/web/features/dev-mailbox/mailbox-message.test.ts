import { describe, expect, it } from "vitest";
import { describeFileType, formatFileSize, formatSentAt, linkPath } from "./mailbox-message";

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

describe("attachment descriptions", () => {
  it("sizes as a mail client shows them", () => {
    expect(formatFileSize(1)).toBe("1 byte");
    expect(formatFileSize(812)).toBe("812 bytes");
    expect(formatFileSize(1434)).toBe("1.4 KB");
    expect(formatFileSize(2_202_010)).toBe("2.1 MB");
  });

  it("types in words", () => {
    expect(describeFileType("image/png")).toBe("PNG image");
    expect(describeFileType("text/calendar; charset=utf-8; method=PUBLISH")).toBe("Calendar file (.ics)");
    expect(describeFileType("application/octet-stream")).toBe("application/octet-stream");
  });
});
