import { describe, expect, it } from "vitest";
import { anEvent } from "~/test/events";
import { eventMetaDescription, eventStructuredData } from "./event-structured-data";

const now = new Date("2026-06-01T12:00:00Z");
const event = anEvent({
  title: "Jazz </script> Night",
  dateTime: "2026-07-01T18:30:00.000Z",
  endTime: "2026-07-01T22:00:00.000Z",
  pricePence: 2550,
  maxAttendees: 20,
  remaining: 0,
  imageUrl: "/media/jazz.webp",
  minAge: null,
});

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
      offers: { price: "27.80", priceCurrency: "GBP", availability: "https://schema.org/SoldOut" },
      location: { "@type": "Place", name: "Ronnie's" },
      organizer: { name: "Jazz Co", url: "https://eventora.test/profile/jazzco" },
    });
    expect(data).not.toHaveProperty("typicalAgeRange");
  });

  it("offers the all-in price the page shows (D21): the booking fee included, none when the organiser absorbs it, 0.00 when free", () => {
    const offer = (overrides: Partial<typeof event>) => eventStructuredData(anEvent({ ...overrides }), "https://x.test", now).offers;
    expect(offer({ pricePence: 2250 })).toMatchObject({ price: "24.80", priceCurrency: "GBP" });
    expect(offer({ pricePence: 2250, absorbsBookingFee: true })).toMatchObject({ price: "22.50", priceCurrency: "GBP" });
    expect(offer({ pricePence: 0 })).toMatchObject({ price: "0.00", priceCurrency: "GBP" });
  });

  it("offers each shown ticket type at its all-in price when the event sells several (issue 36)", () => {
    const type = anEvent().ticketTypes[0]!;
    const offers = eventStructuredData(
      anEvent({
        remaining: 30,
        ticketTypes: [
          { ...type, id: "a", name: "Standard", pricePence: 1500, allInPricePence: 1730, remaining: 30 },
          { ...type, id: "b", name: "VIP", pricePence: 4000, allInPricePence: 4230, remaining: 0, onSale: false, salesEnd: "2026-06-30T18:00:00.000Z" },
        ],
      }),
      "https://x.test",
      now,
    ).offers;
    expect(offers).toEqual([
      expect.objectContaining({ name: "Standard", price: "17.30", availability: "https://schema.org/InStock" }),
      expect.objectContaining({ name: "VIP", price: "42.30", availability: "https://schema.org/SoldOut", validThrough: "2026-06-30T18:00:00.000Z" }),
    ]);
  });

  it("gives an age-limited event its typicalAgeRange: '18-' for 18 and over", () => {
    expect(eventStructuredData(anEvent({ minAge: 18 }), "https://x.test", now)).toMatchObject({ typicalAgeRange: "18-" });
    expect(eventStructuredData(anEvent({ minAge: 14 }), "https://x.test", now)).toMatchObject({ typicalAgeRange: "14-" });
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
