import { describe, expect, it } from "vitest";
import { anEvent } from "~/test/events";
import { firstOnSale, ticketTypeNote } from "./ticket-type-chooser";

const type = anEvent().ticketTypes[0]!;

describe("a ticket type's note on the event page (issue 36)", () => {
  it("says when a type goes on sale, that its sales ended, how few are left and until when it sells", () => {
    expect(ticketTypeNote({ ...type, salesState: "not-yet", onSale: false, salesStart: "2026-12-04T10:00:00.000Z" })).toBe("On sale Fri, 4 Dec 2026, 10:00");
    expect(ticketTypeNote({ ...type, salesState: "ended", onSale: false })).toBe("Sales ended");
    expect(ticketTypeNote({ ...type, remaining: 0, onSale: false })).toBe("Sold out");
    expect(ticketTypeNote({ ...type, remaining: 12 })).toBe("Only 12 left");
    expect(ticketTypeNote({ ...type, remaining: 12, salesEnd: "2026-12-20T18:00:00.000Z" })).toBe("Only 12 left · On sale until Sun, 20 Dec 2026, 18:00");
    expect(ticketTypeNote({ ...type, remaining: 200 })).toBeNull();
  });

  it("chooses the first type a buyer can buy", () => {
    const later = { ...type, id: "later", onSale: false, salesState: "not-yet" as const };
    expect(firstOnSale([later, { ...type, id: "now" }])?.id).toBe("now");
    expect(firstOnSale([later])).toBeNull();
  });
});
