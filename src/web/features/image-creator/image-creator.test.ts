import { describe, expect, it } from "vitest";
import { EventInput, formatEventDate, type EditableEvent, type GeneratedImage } from "@domain";
import { ApiRequestError } from "~/lib/api-request";
import { anEditableTicketType } from "~/test/events";
import {
  createEventWithImagePath,
  downloadFileName,
  eventFrameLayout,
  eventInputKeepingAllBut,
  eventOptionLabel,
  eventWhen,
  generationFailure,
  imageAlt,
  isMobileDevice,
  isSameOriginImage,
  saveInstructionsPage,
  withNewest,
} from "./image-creator";

const image = (url: string): GeneratedImage => ({ imageUrl: url, prompt: "A fun poster", style: "fun", size: "1536x1024", timestamp: "2026-06-13T18:30:05.123Z" });

describe("image creator page logic", () => {
  it("puts the newest image first (spec §4 Image generation)", () => {
    const history = withNewest(withNewest([], image("/media/generated/a.png")), image("/media/generated/b.png"));
    expect(history.map((entry) => entry.imageUrl)).toEqual(["/media/generated/b.png", "/media/generated/a.png"]);
  });

  it("words failures as spec §8 says", () => {
    expect(generationFailure(new ApiRequestError({ status: 429, code: "RATE_LIMITED", message: "Please wait a minute" }))).toEqual({
      title: "Failed to generate image. Please try again.",
      description: "Please wait a minute",
    });
    expect(generationFailure(new ApiRequestError({ status: 502, message: "Bad gateway" }))).toEqual({ title: "Failed to generate image. Please try again." });
    expect(generationFailure(new TypeError("Failed to fetch"))).toEqual({ title: "An unexpected error occurred. Please try again." });
  });

  it("knows phones and tablets (Download opens a tab with save instructions there)", () => {
    expect(isMobileDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(isMobileDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari")).toBe(true);
    expect(isMobileDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 5)).toBe(true);
    expect(isMobileDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)", 0)).toBe(false);
    expect(isMobileDevice("Mozilla/5.0 (X11; Linux x86_64) Chrome/130")).toBe(false);
  });

  it("names downloads and escapes the save page's image address", () => {
    expect(downloadFileName(image("/x.png"))).toBe("eventora-fun-1536x1024-20260613-183005.png");
    expect(saveInstructionsPage('https://x.test/a.png?"><script>')).toContain('src="https://x.test/a.png?&quot;&gt;&lt;script&gt;"');
  });

  it("links to the create form with the image and tells our images from others", () => {
    expect(createEventWithImagePath("/media/generated/u/abc.png")).toBe("/create-event?image=%2Fmedia%2Fgenerated%2Fu%2Fabc.png");
    expect(isSameOriginImage("/media/generated/u/abc.png")).toBe(true);
    expect(isSameOriginImage("https://cdn.example.com/generated/abc.png")).toBe(false);
    expect(isSameOriginImage("//cdn.example.com/abc.png")).toBe(false);
  });

  it("keeps every field of the event when only its image changes, in a shape the server accepts", () => {
    const event: EditableEvent = {
      id: "e1",
      userId: "u1",
      title: "Soul Night",
      description: null,
      category: "entertainment",
      dateTime: "2026-06-13T18:30:00.000Z",
      endTime: null,
      venue: "Brudenell Social Club",
      location: "Leeds",
      pricePence: 1450,
      ticketTypes: [anEditableTicketType(1450)],
      absorbsBookingFee: false,
      maxAttendees: 120,
      imageUrl: "/media/events/e1/abc.webp",
      videoUrl: null,
      affiliateCode: "TOMF2026",
      status: "active",
      businessType: "event",
      minAge: null,
      transferCutoffHours: 0, questions: [],
    };
    const input = eventInputKeepingAllBut(event, null);
    expect(EventInput.safeParse(input).success).toBe(true);
    expect(input).toMatchObject({ title: "Soul Night", pricePence: 1450, affiliateCode: "TOMF2026", imageUrl: null, organiserId: null, venue: "Brudenell Social Club" });
    expect(eventInputKeepingAllBut(event, "https://cdn.example.com/a.png").imageUrl).toBe("https://cdn.example.com/a.png");
  });

  it("fits a picture whole into the event page's 16:9 frame, over a cover-sized copy", () => {
    expect(eventFrameLayout(1024, 1536)).toEqual({ contain: { x: 500, y: 0, width: 600, height: 900 }, cover: { x: 0, y: -750, width: 1600, height: 2400 } });
    expect(eventFrameLayout(1536, 1024).contain).toEqual({ x: 125, y: 0, width: 1350, height: 900 });
    expect(eventFrameLayout(1600, 900).contain).toEqual({ x: 0, y: 0, width: 1600, height: 900 });
  });

  it("labels events and images for people", () => {
    expect(eventOptionLabel({ title: "Soul Night", dateTime: "2026-06-13T18:30:00Z" })).toBe(`Soul Night · ${formatEventDate("2026-06-13T18:30:00Z")}`);
    expect(eventOptionLabel({ title: "Corner Café", dateTime: "2030-12-31T23:59:00.000Z" })).toBe("Corner Café");
    expect(eventWhen("2030-12-31T23:59:00.000Z")).toBeNull();
    expect(imageAlt({ style: "fun", prompt: "A fun poster" })).toBe("Fun image: A fun poster");
  });
});
