import { describe, expect, it } from "vitest";
import { z } from "zod";
import { printableName, printableTextProblem } from "./printable-text";

describe("printable free-text names (issue 33): one rule for titles, display, business and attendee names", () => {
  it("takes names in any script, with emoji (joined ones too: only the zero-width marks inside text are refused), apostrophes and accents", () => {
    for (const name of ["Ada", "Siobhán O'Connor-Ní Bhriain", "李小龍", "مرحبا", "Jazz & Blues 🎷", "Café Society", ""]) expect(printableTextProblem(name), name).toBeNull();
  });

  it("refuses control characters (CR, LF, tab, U+0000), bidi overrides and isolates, and zero-width marks", () => {
    for (const name of ["Gig\r\nBcc: x", "Gig\n", "a\tb", "a\u0000b", "\u202Egnp.exe", "a\u2066b\u2069", "a\u200Bb", "\u200B", "\uFEFFAda", "a\u007Fb", "a\u0085b"]) {
      expect(printableTextProblem(name), JSON.stringify(name)).toBe("unsafeCharacter");
    }
  });

  it("refuses text with nothing visible in it", () => {
    for (const name of ["\u3164", "\u3164 \u3164", "\u2800", "\u00AD", "\u115F\u1160", "\uFFA0", " "]) expect(printableTextProblem(name), JSON.stringify(name)).toBe("invisible");
  });

  it("as a zod refinement, names the field in its message and lets empty or null values through", () => {
    const title = z.string().trim().superRefine(printableName("Event Title"));
    expect(title.safeParse("Summer Gig").success).toBe(true);
    expect(title.safeParse("").success).toBe(true);
    expect(title.safeParse("Summer\nGig").error?.issues[0]?.message).toBe(
      "Event Title contains a character that is not allowed (a control character such as a line break, or one that reorders or hides text)",
    );
    expect(title.safeParse("\u3164").error?.issues[0]?.message).toBe("Event Title must contain a visible character");
    expect(z.string().nullable().superRefine(printableName("Display name")).safeParse(null).success).toBe(true);
  });
});
