import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CheckInList, CheckResult, MyTicket } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, profiles } from "../../db/schema";

/** Issue 34: the door sees an event's minimum age on every admitted scan and in the offline list, to check ID. */
const t = setUpTestApp();

async function bought(minAge: number | null) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  await t.db.update(profiles).set({ dateOfBirth: "1990-01-01" }).where(eq(profiles.userId, buyer.account.id));
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20, minAge, title: `Door ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  const tickets = (await buyer.client.get("/api/me/tickets")).json().tickets as MyTicket[];
  const mine = tickets.find((ticket) => ticket.bookingId === booking!.id)!;
  return { organiser: organiser.client, event, mine, scan: { ticketId: mine.qrPayload.ticketId, qr: JSON.stringify(mine.qrPayload) } };
}

describe("the door and age limits (issue 34)", () => {
  it("answers the event's minimum age with an admitted scan, a repeat scan and the offline list; My Tickets shows it too", async () => {
    const { organiser, event, mine, scan } = await bought(18);
    expect(mine.event.minAge).toBe(18);

    const admitted = (await organiser.post("/api/functions/check-ticket", { ...scan, checkIn: true, eventId: event.id })).json() as CheckResult;
    expect(admitted).toMatchObject({ valid: true, alreadyCheckedIn: false, event: { id: event.id, minAge: 18 } });
    const again = (await organiser.post("/api/functions/check-ticket", { ...scan, checkIn: true })).json() as CheckResult;
    expect(again).toMatchObject({ valid: true, alreadyCheckedIn: true, event: { minAge: 18 } });

    const list = (await organiser.get(`/api/events/${event.id}/check-in-list`)).json() as CheckInList;
    expect(list.event.minAge).toBe(18);
  });

  it("answers no minimum age for an event without one", async () => {
    const { organiser, event, mine, scan } = await bought(null);
    expect(mine.event.minAge).toBeNull();
    expect(((await organiser.post("/api/functions/check-ticket", { ...scan, checkIn: true })).json() as CheckResult).event?.minAge).toBeNull();
    expect(((await organiser.get(`/api/events/${event.id}/check-in-list`)).json() as CheckInList).event.minAge).toBeNull();
  });
});
