import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TICKET_TRANSFER_MESSAGES } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { pageContextOf, pageRequest } from "../../../../test/page-context";
import { boughtBooking } from "../../../../test/purchases";
import { signInAs } from "../../../../test/organiser";
import * as myTickets from "../../../web/routes/my-tickets";
import * as attendees from "../../../web/routes/dashboard.attendees";
import { tickets } from "../../db/schema";

/**
 * Passing a ticket on from My Tickets and renaming it from Attendee Management (issue 36), through the pages'
 * actions as the web server runs them: the services, checks and words of POST /api/me/tickets/:id/transfer and
 * PATCH /api/tickets/:id (decision 038: one data path).
 */
const t = setUpTestApp();

/** A page's post, as its fetcher sends it: the answer's status and body. */
async function post(route: { action: (args: never) => Promise<unknown> }, path: string, form: Record<string, string>, cookie?: string) {
  const { request, url } = pageRequest(t, path, { cookie, form });
  const answer = (await route.action({ context: await pageContextOf(t), request, url, params: {} } as never)) as { data: unknown; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, body: answer.data as Record<string, unknown> };
}

async function ticketsOf(bookingId: string) {
  return t.db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.position));
}

describe("My Tickets: passing a ticket on through the page's action", () => {
  it("gives the buyer's second ticket a new code in the new holder's name, and the list read again shows it", async () => {
    const { buyer, booking } = await boughtBooking(t, 2);
    const [first, second] = await ticketsOf(booking.id);
    const passed = await post(myTickets, "/my-tickets", { intent: "transfer", bookingId: booking.id, ticketId: second!.id, name: " Grace Hopper ", email: "grace@example.test" }, buyer.client.cookieHeader);
    expect(passed).toEqual({
      status: 200,
      body: { intent: "transfer", bookingId: booking.id, transfer: expect.objectContaining({ ticketId: second!.id, attendeeName: "Grace Hopper", attendeeEmail: "grace@example.test" }) },
    });
    const [, moved] = await ticketsOf(booking.id);
    expect(moved).toMatchObject({ attendeeName: "Grace Hopper", attendeeEmail: "grace@example.test" });
    expect(moved!.code).not.toBe(second!.code);
    expect((passed.body.transfer as { code: string }).code).toBe(moved!.code);

    const { request, url } = pageRequest(t, "/my-tickets", { cookie: buyer.client.cookieHeader });
    const { tickets: listed } = await myTickets.loader({ context: await pageContextOf(t), request, url, params: {} } as never);
    expect(listed[0]!.tickets.map(({ code, attendeeName }) => ({ code, attendeeName }))).toEqual([
      { code: first!.code, attendeeName: first!.attendeeName },
      { code: moved!.code, attendeeName: "Grace Hopper" },
    ]);
    // What the page's rule reads to offer it (ticketTransferRefusal).
    expect(listed[0]!.event).toMatchObject({ status: "active", transferCutoffHours: 0 });
  });

  it("refuses a visitor, a stranger and a checked-in ticket in the JSON API's words, and changes nothing", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 2);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const [first, second] = await ticketsOf(booking.id);
    const ask = { intent: "transfer", bookingId: booking.id, ticketId: second!.id, name: "Grace Hopper", email: "grace@example.test" };

    expect(await post(myTickets, "/my-tickets", ask)).toEqual({ status: 401, body: { intent: "transfer", bookingId: booking.id, refused: { status: 401, message: "Please sign in to continue." } } });
    const api = await stranger.client.post(`/api/me/tickets/${second!.id}/transfer`, { name: "Grace Hopper", email: "grace@example.test" });
    expect(api.statusCode).toBe(404);
    expect(await post(myTickets, "/my-tickets", ask, stranger.client.cookieHeader)).toEqual({
      status: 404,
      body: { intent: "transfer", bookingId: booking.id, refused: { status: 404, message: api.json().error.message } },
    });
    // The organiser of the event is no more the ticket's buyer than anyone else.
    expect((await post(myTickets, "/my-tickets", ask, organiser.client.cookieHeader)).status).toBe(404);
    expect((await post(myTickets, "/my-tickets", { ...ask, email: "" }, buyer.client.cookieHeader)).body).toMatchObject({
      refused: { status: 400, message: "Please enter the new holder's e-mail address: their ticket goes there." },
    });

    // Checked in at the door by its organiser: the buyer is told why not.
    expect((await post(attendees, "/dashboard/attendees", { intent: "check-in", ticketId: first!.id }, organiser.client.cookieHeader)).status).toBe(200);
    expect(await post(myTickets, "/my-tickets", { ...ask, ticketId: first!.id }, buyer.client.cookieHeader)).toEqual({
      status: 409,
      body: { intent: "transfer", bookingId: booking.id, refused: { status: 409, message: TICKET_TRANSFER_MESSAGES.checkedIn } },
    });
    expect(await ticketsOf(booking.id)).toEqual([expect.objectContaining({ code: first!.code, attendeeName: first!.attendeeName }), expect.objectContaining({ code: second!.code, attendeeName: second!.attendeeName })]);
  });
});

describe("Attendee Management: renaming a ticket through the page's action", () => {
  it("renames a ticket of the organiser's event, its code kept; a stranger is refused in the JSON API's words", async () => {
    const { organiser, booking } = await boughtBooking(t, 2);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const [, second] = await ticketsOf(booking.id);
    const rename = { intent: "rename", ticketId: second!.id, attendeeName: "Joan Clarke", attendeeEmail: "joan@example.test" };

    const api = await stranger.client.request("PATCH", `/api/tickets/${second!.id}`, { attendeeName: "Joan Clarke" });
    expect(api.statusCode).toBe(404);
    expect(await post(attendees, "/dashboard/attendees", rename, stranger.client.cookieHeader)).toEqual({ status: 404, body: { intent: "rename", refused: { status: 404, message: api.json().error.message } } });
    expect((await post(attendees, "/dashboard/attendees", { ...rename, attendeeName: " " }, organiser.client.cookieHeader)).body).toEqual({
      intent: "rename",
      refused: { status: 400, message: "Please enter the attendee's name." },
    });

    const renamed = await post(attendees, "/dashboard/attendees", rename, organiser.client.cookieHeader);
    expect(renamed).toEqual({ status: 200, body: { intent: "rename", renamed: expect.objectContaining({ ticketId: second!.id, code: second!.code, attendeeName: "Joan Clarke", attendeeEmail: "joan@example.test" }) } });
    const [, stored] = await ticketsOf(booking.id);
    expect(stored).toMatchObject({ code: second!.code, attendeeName: "Joan Clarke", attendeeEmail: "joan@example.test" });

    // Left empty, the ticket has no e-mail of its own any more.
    await post(attendees, "/dashboard/attendees", { ...rename, attendeeEmail: "" }, organiser.client.cookieHeader);
    expect((await ticketsOf(booking.id))[1]).toMatchObject({ attendeeName: "Joan Clarke", attendeeEmail: null });
  });
});
