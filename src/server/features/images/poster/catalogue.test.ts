import { describe, expect, it } from "vitest";
import { CATALOGUE_POSTER_SIZE } from "./catalogue";
import { renderCataloguePoster } from "./poster";

const SPEC = { title: "Late Jazz: The Blue Room Quartet", category: "music", kicker: "Northern Sounds presents", dateLine: "Thu, 3 Dec 2026 · 20:00", venueLine: "The Blue Arrow · Glasgow" };

describe("catalogue posters (the demo seed's)", () => {
  it("draws 16:9 at the largest stored width, the same picture for the same event", async () => {
    const [first, again, other] = await Promise.all([renderCataloguePoster(SPEC), renderCataloguePoster(SPEC), renderCataloguePoster({ ...SPEC, title: "Harbour Lights Quiz" })]);
    expect({ width: first.info.width, height: first.info.height, channels: first.info.channels }).toEqual({ ...CATALOGUE_POSTER_SIZE, channels: 3 });
    expect(first.data.equals(again.data)).toBe(true);
    expect(first.data.equals(other.data)).toBe(false);
  });

  it("fits a very long title, any category, and no kicker", async () => {
    const poster = await renderCataloguePoster({ title: "A".repeat(60) + " " + "Word ".repeat(40), category: "unknown", dateLine: "Open daily · 08:00–17:00", venueLine: "X".repeat(200) });
    expect([poster.info.width, poster.info.height]).toEqual([CATALOGUE_POSTER_SIZE.width, CATALOGUE_POSTER_SIZE.height]);
  });
});
