import { allInPricePence, type EventDetail } from "@domain";

/** A listed paid event for route tests: a Friday jazz night in Soho with places left; its all-in price follows its price as the server's does. */
export function anEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  const event: Omit<EventDetail, "allInPricePence"> = {
    id: "6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e",
    title: "Jazz Night",
    description: "An evening of live jazz.",
    dateTime: "2026-07-03T18:30:00.000Z",
    endTime: "2026-07-03T22:00:00.000Z",
    venue: "Ronnie's",
    location: "Soho, London",
    category: "music",
    businessType: "event",
    pricePence: 2550,
    absorbsBookingFee: false,
    maxAttendees: 100,
    remaining: 40,
    imageUrl: null,
    status: "active",
    previousDateTime: null,
    minAge: null,
    organiser: { username: "jazzco", displayName: "Jazz Co" },
    videoUrl: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    seller: { name: "Jazz Co Ltd", address: "47 Frith Street\nLondon\nW1D 4HT", kind: "business", companyNumber: "01234567" },
    awaitingSellerDetails: false,
    ...overrides,
  };
  return { ...event, allInPricePence: overrides.allInPricePence ?? allInPricePence(event) };
}
