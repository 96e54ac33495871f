import { allInPricePence, DEFAULT_TICKET_TYPE_NAME, type EditableEvent, type EventDetail } from "@domain";

/** The one type of an event sold the spec's way, as its owner edits it (issue 36). */
export function anEditableTicketType(pricePence: number, overrides: Partial<EditableEvent["ticketTypes"][number]> = {}): EditableEvent["ticketTypes"][number] {
  return { id: "0b7e8f2a-4c1d-4e6f-8a9b-1c2d3e4f5a6b", name: DEFAULT_TICKET_TYPE_NAME, description: null, pricePence, capacity: null, salesStart: null, salesEnd: null, minPerOrder: 1, maxPerOrder: null, hidden: false, sold: 0, removable: true, ...overrides };
}

/** A listed paid event for route tests: a Friday jazz night in Soho with places left; its all-in price follows its price as the server's does. */
export function anEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  const event: Omit<EventDetail, "allInPricePence" | "ticketTypes"> = {
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
    severalPrices: false,
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
    waitingList: { enabled: true },
    questions: [],
    ...overrides,
  };
  const allIn = overrides.allInPricePence ?? allInPricePence(event);
  // Sold the spec's way unless told otherwise: one type at the event's price.
  const ticketTypes = overrides.ticketTypes ?? [
    {
      id: "0b7e8f2a-4c1d-4e6f-8a9b-1c2d3e4f5a6b",
      name: DEFAULT_TICKET_TYPE_NAME,
      description: null,
      pricePence: event.pricePence,
      allInPricePence: allIn,
      remaining: event.remaining,
      onSale: event.remaining !== 0,
      salesState: "on-sale" as const,
      salesStart: null,
      salesEnd: null,
      minPerOrder: 1,
      maxPerOrder: 50,
    },
  ];
  return { ...event, allInPricePence: allIn, ticketTypes };
}
