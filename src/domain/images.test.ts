import { describe, expect, it } from "vitest";
import { buildAutoPrompt, GenerateImageInput, imageDimensions, IMAGE_SIZES, IMAGE_SIZE_LABELS, ONGOING_BUSINESS_DATE, posterDate, posterTitle, shortenAtWord } from "./index";

describe("image creator sizes (spec §3, §9)", () => {
  it("offers landscape first (the default), then square and portrait, labelled as the spec names them", () => {
    expect(IMAGE_SIZES.map((size) => IMAGE_SIZE_LABELS[size])).toEqual(["1536x1024 (landscape 3:2)", "1024x1024 (square)", "1024x1536 (portrait)"]);
    expect(imageDimensions("1024x1536")).toEqual({ width: 1024, height: 1536 });
  });
});

describe("buildAutoPrompt (spec §5 AI image creator)", () => {
  it("describes the event, the place, the date and the style", () => {
    const prompt = buildAutoPrompt({ title: "Harbour Lights Quiz", location: "Bristol", dateTime: "2026-06-13T18:30:00Z", style: "fun" })!;
    expect(prompt).toMatch(/^A fun promotional poster for "Harbour Lights Quiz" in Bristol on Saturday 13 June 2026\./);
    expect(prompt).toContain("confetti");
    expect(prompt).toContain("with the date and location beneath it");
  });

  it("works from a title alone or a location alone, and needs one of them", () => {
    expect(buildAutoPrompt({ title: "  Jazz Brunch ", location: " ", style: "elegant" })).toMatch(/^An elegant promotional poster for "Jazz Brunch"\. /);
    expect(buildAutoPrompt({ title: "", location: "Leeds", style: "modern" })).toMatch(/^A modern promotional poster for an event in Leeds\. /);
    expect(buildAutoPrompt({ title: " ", location: null, style: "modern" })).toBeNull();
  });

  it("leaves out an ongoing business's placeholder date", () => {
    expect(buildAutoPrompt({ title: "Corner Café", location: "York", dateTime: ONGOING_BUSINESS_DATE.toISOString(), style: "artistic" })).toMatch(/^An artistic promotional poster for "Corner Café" in York\. /);
    expect(posterDate("not a date")).toBeNull();
  });
});

describe("posterTitle", () => {
  it("prefers the event's title, then a quoted name in the prompt", () => {
    expect(posterTitle({ title: " Soul Night ", prompt: "anything" })).toBe("Soul Night");
    expect(posterTitle({ title: null, prompt: buildAutoPrompt({ title: "Harbour Lights Quiz", location: "Bristol", style: "fun" })! })).toBe("Harbour Lights Quiz");
  });

  it("otherwise takes the prompt's first clause without its 'A … poster for' opening", () => {
    expect(posterTitle({ prompt: "Pizza and jazz on the roof, with fairy lights" })).toBe("Pizza and jazz on the roof");
    expect(posterTitle({ prompt: "A bright retro poster for summer cinema nights. Popcorn!" })).toBe("Summer cinema nights");
    expect(posterTitle({ prompt: buildAutoPrompt({ location: "Leeds", dateTime: "2026-06-13T18:30:00Z", style: "modern" })! })).toBe("Leeds");
  });

  it("keeps a headline to 120 characters, cut at a word", () => {
    const title = posterTitle({ prompt: "word ".repeat(60) });
    expect(title.length).toBeLessThanOrEqual(120);
    expect(title).toMatch(/^Word word .* word…$/);
    expect(shortenAtWord("Short enough", 20)).toBe("Short enough");
  });
});

describe("GenerateImageInput (spec §7 generate-image)", () => {
  it("trims the prompt, defaults the size and tidies the event's details", () => {
    expect(GenerateImageInput.parse({ prompt: "  A poster ", style: "fun", event: { title: " ", location: "Leeds" } })).toEqual({
      prompt: "A poster",
      style: "fun",
      size: "1536x1024",
      event: { title: null, location: "Leeds", dateTime: null },
    });
  });

  it("refuses a blank or over-long prompt with the spec's words, and unknown styles and sizes", () => {
    expect(GenerateImageInput.safeParse({ prompt: " ", style: "fun" }).error?.issues[0]?.message).toBe("Please enter a prompt or generate an auto-prompt");
    expect(GenerateImageInput.safeParse({ prompt: "x".repeat(1001), style: "fun" }).success).toBe(false);
    expect(GenerateImageInput.safeParse({ prompt: "x", style: "gothic" }).success).toBe(false);
    expect(GenerateImageInput.safeParse({ prompt: "x", style: "fun", size: "800x600" }).success).toBe(false);
  });
});
