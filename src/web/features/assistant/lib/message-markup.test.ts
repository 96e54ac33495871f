import { describe, expect, it } from "vitest";
import { isSitePath, parseInlines, parseMessage, speakableText } from "./message-markup";

describe("assistant reply markup", () => {
  it("turns [Title](/events/id) into a link and keeps the words around it", () => {
    expect(parseInlines("See [Laugh Riot](/events/abc-1) on Saturday.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "Laugh Riot", href: "/events/abc-1" },
      { kind: "text", text: " on Saturday." },
    ]);
  });

  it("links only paths on this site", () => {
    for (const href of ["https://evil.example/x", "//evil.example", "javascript:alert`1`", "/\\evil.example"]) {
      expect(parseInlines(`[Click](${href})`)).toEqual([{ kind: "text", text: "Click" }]);
      expect(isSitePath(href)).toBe(false);
    }
    expect(parseInlines("[Click](javascript:alert(1))").some((inline) => inline.kind === "link")).toBe(false);
    expect(isSitePath("/events?q=London&category=comedy")).toBe(true);
  });

  it("never produces HTML: tags stay text", () => {
    expect(parseMessage("<img src=x onerror=alert(1)> hi")).toEqual([{ kind: "paragraph", inlines: [{ kind: "text", text: "<img src=x onerror=alert(1)> hi" }] }]);
  });

  it("groups list lines, splits paragraphs on blank lines and reads **bold**", () => {
    const blocks = parseMessage("I found 2 upcoming events:\n- [A](/events/1) — Sat\n- [B](/events/2) — Sun\n\n**Note:** fees apply\n[See more](/events)");
    expect(blocks).toEqual([
      { kind: "paragraph", inlines: [{ kind: "text", text: "I found 2 upcoming events:" }] },
      {
        kind: "list",
        items: [
          [{ kind: "link", text: "A", href: "/events/1" }, { kind: "text", text: " — Sat" }],
          [{ kind: "link", text: "B", href: "/events/2" }, { kind: "text", text: " — Sun" }],
        ],
      },
      {
        kind: "paragraph",
        inlines: [{ kind: "strong", text: "Note:" }, { kind: "text", text: " fees apply\n" }, { kind: "link", text: "See more", href: "/events" }],
      },
    ]);
  });

  it("reads a reply aloud without addresses or list marks", () => {
    expect(speakableText("I found 1 upcoming comedy event:\n- [Laugh Riot](/events/1) — Sat, 10 Jun 2090 at 20:00 · London · £15.00")).toBe(
      "I found 1 upcoming comedy event: Laugh Riot, Sat, 10 Jun 2090 at 20:00, London, £15.00.",
    );
  });
});
