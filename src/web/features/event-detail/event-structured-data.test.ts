import { describe, expect, it } from "vitest";
import type { EventDetail } from "@domain";
import { eventMetaDescription, eventStructuredData } from "./event-structured-data";

const now = new Date("2026-06-01T12:00:00Z");
const event: EventDetail = {
  id: "6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e",
  title: "Jazz </script> Night",
  description: "An evening of live jazz.",
  dateTime: "2026-07-01T18:30:00.000Z",
  endTime: "2026-07-01T22:00:00.000Z",
  venue: "Ronnie's",
  location: "Soho, London",
  category: "music",
  businessType: "event",
  pricePence: 2550,
  absorbsBookingFee: false,
  maxAttendees: 20,
  remaining: 0,
  imageUrl: "/media/jazz.webp",
  status: "active",
  previousDateTime: null,
  organiser: { username: "jazzco", displayName: "Jazz Co" },
  videoUrl: null,
  createdAt: "2026-01-01T00:00:00.000Z",
};

describe("eventStructuredData", () => {
  it("describes a paid event with absolute URLs, a pounds price and its availability", () => {
    const data = eventStructuredData(event, "https://eventora.test", now);
    expect(data).toMatchObject({
      "@type": "Event",
      name: "Jazz </script> Night",
      startDate: event.dateTime,
      endDate: event.endTime,
      image: ["https://eventora.test/media/jazz.webp"],
      url: `https://eventora.test/events/${event.id}`,
      offers: { price: "25.50", priceCurrency: "GBP", availability: "https://schema.org/SoldOut" },
      location: { "@type": "Place", name: "Ronnie's" },
      organizer: { name: "Jazz Co", url: "https://eventora.test/profile/jazzco" },
    });
  });

  it("describes restaurants as a business, without the placeholder date", () => {
    const data = eventStructuredData({ ...event, category: "food", businessType: "restaurant" }, "https://x.test", now);
    expect(data["@type"]).toBe("Restaurant");
    expect(data).not.toHaveProperty("startDate");
  });
});

describe("eventMetaDescription", () => {
  it("cuts long descriptions near 155 characters at a word", () => {
    const text = eventMetaDescription({ ...event, description: "word ".repeat(60) });
    expect(text.length).toBeLessThanOrEqual(155);
    expect(text.endsWith("…")).toBe(true);
  });
  it("falls back to the event's details", () => {
    expect(eventMetaDescription({ ...event, description: null })).toContain("Ronnie's, Soho, London");
  });
});
