import { describe, expect, it } from "vitest";
import { posterDateParts, shortDateLine, longDateLine } from "./date-parts";
import { alignedLeft, bounds, orientationOf, overlaps, stackHeight, stackTops } from "./layout";
import { createRandom, seedFrom } from "./random";
import { escapeMarkup, firstWords, largestPlausibleSize } from "./text";

describe("poster layout maths", () => {
  it("stacks blocks with the gaps between them", () => {
    expect(stackTops([100, 40, 60], [0, 20, 30], 50)).toEqual([50, 170, 240]);
    expect(stackHeight([100, 40, 60], [0, 20, 30])).toBe(250);
  });

  it("aligns a block left, centred or right in a box", () => {
    const box = { left: 100, width: 800 };
    expect([alignedLeft(200, box, "left"), alignedLeft(200, box, "centre"), alignedLeft(200, box, "right")]).toEqual([100, 400, 700]);
  });

  it("tells overlapping rectangles apart, with a margin", () => {
    const text = { left: 100, top: 100, width: 200, height: 100 };
    expect(overlaps({ left: 310, top: 120, width: 20, height: 20 }, text)).toBe(false);
    expect(overlaps({ left: 310, top: 120, width: 20, height: 20 }, text, 20)).toBe(true);
    expect(bounds([text, { left: 50, top: 150, width: 10, height: 200 }])).toEqual({ left: 50, top: 100, width: 250, height: 250 });
  });

  it("names the three sizes' shapes", () => {
    expect([orientationOf(1536, 1024), orientationOf(1024, 1024), orientationOf(1024, 1536)]).toEqual(["landscape", "square", "portrait"]);
  });

  it("never tries a type size a long text could not fit at", () => {
    expect(largestPlausibleSize("Jazz", { width: 1000, height: 400 })).toBeGreaterThan(300);
    expect(largestPlausibleSize("x".repeat(300), { width: 1000, height: 400 })).toBeLessThan(70);
  });

  it("shortens text to whole words with an ellipsis", () => {
    expect(firstWords("Fish, chips and a quiz", 2)).toBe("Fish, chips…");
    expect(firstWords("Fish, chips and a quiz", 1)).toBe("Fish…");
    expect(firstWords("Fish and chips", 9)).toBe("Fish and chips");
  });

  it("keeps user text from being read as Pango markup, and drops emoji the fonts lack", () => {
    expect(escapeMarkup(`<b>Fish & "Chips"</b> 🎉 night 👍🏽`)).toBe("&lt;b&gt;Fish &amp; &quot;Chips&quot;&lt;/b&gt; night ");
  });
});

describe("poster randomness and dates", () => {
  it("is seeded: the same event always draws the same, another event differently", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, createRandom(seed).next);
    expect(draw(seedFrom("fun", "Jazz"))).toEqual(draw(seedFrom("fun", "Jazz")));
    expect(draw(seedFrom("fun", "Jazz"))).not.toEqual(draw(seedFrom("fun", "Soul")));
    const random = createRandom(7);
    for (let i = 0; i < 200; i++) {
      const value = random.int(1, 3);
      expect(value >= 1 && value <= 3).toBe(true);
    }
  });

  it("prints dates in UK time, 24-hour", () => {
    const date = posterDateParts("2026-06-13T18:30:00Z")!;
    expect(longDateLine(date)).toBe("Saturday 13 June 2026 · 19:30");
    expect(shortDateLine(date)).toBe("Sat 13 Jun · 19:30");
    expect(posterDateParts(null)).toBeNull();
    expect(posterDateParts("2030-12-31T23:59:00Z")).toBeNull();
  });
});
