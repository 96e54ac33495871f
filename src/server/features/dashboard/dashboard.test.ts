import type { AddressInfo } from "node:net";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPounds, type AttendeeList, type LiveSale } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { AuthClient, latestMessage } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, tickets } from "../../db/schema";
import { getDashboard } from "./dashboard.service";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const as = (role: "user" | "admin" | "stale-admin") => signInAs(t.app, t.db, t.config.publicUrl, role);

describe("sales analytics (spec §2 Dashboard)", () => {
  it("lists the 10 latest sales over all the organiser's events, newest first, refunded ones in their state", async () => {
    const { account, client } = await as("user");
    const own = [];
    for (const title of ["Early", "Middle", "Late"]) own.push(await createEvent(t.db, { userId: account.id, title }));
    const other = await createEvent(t.db, { userId: (await as("user")).account.id, title: "Not theirs" });
    const base = Date.now() - 3600_000;
    const made: { id: string; at: number }[] = [];
    // Five sales per event, their times interleaved across the events.
    for (let i = 0; i < 15; i++) {
      const at = base + i * 60_000;
      const booking = await createBooking(t.db, { eventId: own[i % 3]!.id, quantity: 1, status: i === 13 ? "refunded" : "confirmed", createdAt: new Date(at) });
      made.push({ id: booking.id, at });
    }
    await createBooking(t.db, { eventId: own[0]!.id, quantity: 1, status: "cancelled", createdAt: new Date(base + 30 * 60_000) });
    await createBooking(t.db, { eventId: other.id, quantity: 1, createdAt: new Date(base + 31 * 60_000) });

    const recent = (await client.get("/api/me/sales")).json().recentSales as { bookingId: string; eventTitle: string; status: string }[];
    expect(recent.map((sale) => sale.bookingId)).toEqual(made.sort((a, b) => b.at - a.at).slice(0, 10).map((sale) => sale.id));
    expect(recent[1]).toMatchObject({ eventTitle: "Middle", status: "refunded" });
  });

  it("sums confirmed bookings per event, lists the 10 newest sales and charts 30 days", async () => {
    const { account, client } = await as("user");
    const concert = await createEvent(t.db, { userId: account.id, title: "Concert", pricePence: 2000 });
    const talk = await createEvent(t.db, { userId: account.id, title: "Talk", pricePence: 500 });
    const elsewhere = await createEvent(t.db, { userId: (await as("user")).account.id, title: "Someone else's", pricePence: 881 });
    for (let i = 0; i < 11; i++) {
      await createBooking(t.db, { eventId: concert.id, quantity: 2, totalAmountPence: 4460, createdAt: new Date(Date.now() - (i + 1) * 60_000) });
    }
    await createBooking(t.db, { eventId: talk.id, quantity: 1, totalAmountPence: 730 });
    await createBooking(t.db, { eventId: talk.id, quantity: 5, totalAmountPence: 3650, status: "cancelled" });
    await createBooking(t.db, { eventId: elsewhere.id, quantity: 9, totalAmountPence: 9999 });

    const sales = (await client.get("/api/me/sales")).json();
    expect(sales.recentSales).toHaveLength(10);
    expect(sales.recentSales[0].eventTitle).toBe("Talk");
    expect(sales.perEvent).toEqual([
      // Ticket money only (the £2.30 booking fees are the platform's); organiser fee per booking (D22):
      // 2.9% of 4000p = 116p + 2 × 30p; of 500p = 14.5p, rounded half up to 15p, + 30p.
      { eventId: concert.id, title: "Concert", ticketIncomePence: 11 * 4000, organiserFeesPence: 11 * 176, netDuePence: 11 * (4000 - 176), ticketsSold: 22, bookings: 11 },
      { eventId: talk.id, title: "Talk", ticketIncomePence: 500, organiserFeesPence: 45, netDuePence: 500 - 45, ticketsSold: 1, bookings: 1 },
    ]);
    expect(sales.totals).toEqual({
      ticketIncomePence: 11 * 4000 + 500,
      organiserFeesPence: 11 * 176 + 45,
      netDuePence: 11 * (4000 - 176) + 500 - 45,
      bookingFeesPence: 11 * 460 + 230,
      ticketsSold: 23,
      bookings: 12,
      refundedPence: 0,
    });
    expect(sales.daily).toHaveLength(30);
    expect(sales.daily.reduce((sum: number, day: { tickets: number }) => sum + day.tickets, 0)).toBe(23);

    const mine = (await client.get("/api/me/events")).json().events;
    expect(mine.map((e: { title: string }) => e.title).sort()).toEqual(["Concert", "Talk"]);
    expect(mine.find((e: { title: string }) => e.title === "Concert")).toMatchObject({ ticketsSold: 22, ticketIncomePence: 11 * 4000, netDuePence: 11 * (4000 - 176) });
  });

  it("lists the user's own confirmed bookings", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: (await as("user")).account.id, title: "Gig", pricePence: 270 });
    await createBooking(t.db, { eventId: event.id, quantity: 3, userId: account.id, totalAmountPence: 1500 });
    await createBooking(t.db, { eventId: event.id, quantity: 1, userId: account.id, status: "pending" });
    const { bookings } = (await client.get("/api/me/bookings")).json();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({ eventTitle: "Gig", ticketQuantity: 3, totalAmountPence: 1500 });
  });
});

describe("Attendee Management's event choice (issue 17)", () => {
  it("offers upcoming events soonest first, then past ones most recent first; no cancelled events or listings", async () => {
    const { account } = await as("user");
    const now = new Date("2026-11-25T20:00:00Z");
    const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000);
    // Created in an order that matches neither grouping, the oldest-dated one with sales.
    const lastYear = await createEvent(t.db, { userId: account.id, title: "Last Year", dateTime: day(-365) });
    await createBooking(t.db, { eventId: lastYear.id, quantity: 2 });
    const nextMonth = await createEvent(t.db, { userId: account.id, title: "Next Month", dateTime: day(30) });
    const lastWeek = await createEvent(t.db, { userId: account.id, title: "Last Week", dateTime: day(-7) });
    const tonight = await createEvent(t.db, { userId: account.id, title: "Tonight", dateTime: new Date(now.getTime() - 30 * 60_000) });
    const tomorrow = await createEvent(t.db, { userId: account.id, title: "Tomorrow", dateTime: day(1) });
    await createEvent(t.db, { userId: account.id, title: "Cancelled", dateTime: day(2), status: "cancelled" });
    await createEvent(t.db, { userId: account.id, title: "Cafe", category: "ongoing-business", businessType: "restaurant", dateTime: new Date("2030-12-31T23:59:00Z") });

    const { attendeeEvents } = await getDashboard({ db: t.db, userId: account.id, now });
    expect(attendeeEvents.upcoming.map((event) => event.id)).toEqual([tonight.id, tomorrow.id, nextMonth.id]);
    expect(attendeeEvents.past.map((event) => event.id)).toEqual([lastWeek.id, lastYear.id]);
  });
});

describe("attendees and check-in (spec §6 Organiser)", () => {
  it("exports RFC 4180 CSV with the spec's columns and cells no spreadsheet will run", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Formula Night", pricePence: 1000 });
    await createBooking(t.db, { eventId: event.id, quantity: 2, name: '=HYPERLINK("http://evil.example","Click")', totalAmountPence: 2460, email: "+a@example.com" });
    await createBooking(t.db, { eventId: event.id, quantity: 1, name: 'Jo "JJ" Smith, Esq.', totalAmountPence: 0 });
    const response = await client.get(`/api/events/${event.id}/attendees?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="attendees-Formula-Night.csv"');
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFName,Email,Type,Ticket code,Status,Checked in at,Buyer,Buyer email,Booking Date,Venue,Booking tickets,Booking amount,Refunded tickets,Refund status,Amount refunded",
    );
    // A row per ticket (issue 36): the booking of two is two rows, each guarded, the buyer's name guarded too.
    const hyperlinkRows = lines.filter((line) => line.startsWith(`"'=HYPERLINK`));
    expect(hyperlinkRows).toHaveLength(2);
    for (const row of hyperlinkRows) {
      expect(row.startsWith(`"'=HYPERLINK(""http://evil.example"",""Click"")",'+a@example.com,General Admission,TCKT-`)).toBe(true);
      expect(row).toMatch(/,Pending,,"'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)",'\+a@example\.com,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2},London,2,24\.60,0,,0\.00$/);
    }
    expect(new Set(hyperlinkRows.map((row) => row.split(",")[4])).size).toBe(2);
    expect(lines.find((line) => line.includes("Esq"))!.startsWith('"Jo ""JJ"" Smith, Esq."')).toBe(true);
    expect(response.body.endsWith("\r\n")).toBe(true);
  });

  it("gives every attendee row the event's venue and location, for a spreadsheet that merges events (issue 17)", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Venue Night", venue: "The Deaf Institute", location: "Manchester" });
    await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Ada Lovelace", userId: account.id });
    expect((await client.get("/api/me/bookings")).json().bookings[0]).toMatchObject({ eventVenue: "The Deaf Institute", eventLocation: "Manchester" });
    const lines = (await client.get(`/api/events/${event.id}/attendees?format=csv`)).body.split("\r\n");
    expect(lines[0]!.split(",")[9]).toBe("Venue");
    expect(lines[1]!).toContain(',"The Deaf Institute, Manchester",1,0.00,0,,0.00');
    expect((await client.get(`/api/events/${event.id}/attendees`)).json().event).toMatchObject({ venue: "The Deaf Institute", location: "Manchester" });
  });

  it("admits a ticket once, even when checked in twice at the same moment", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 1 });
    const results = await Promise.all(Array.from({ length: 6 }, () => client.post(`/api/bookings/${booking.id}/check-in`)));
    const answers = results.map((r) => r.json());
    expect(answers.filter((a) => a.alreadyCheckedIn === false)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.checkedInAt)).size).toBe(1);
    const list = (await client.get(`/api/events/${event.id}/attendees`)).json();
    expect(list.attendees[0].checkedInAt).toBe(answers[0].checkedInAt);
  });

  it("lists a row per ticket with its own name, e-mail (else the buyer's), type and code, and checks one ticket in by its id (issue 36)", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Per Ticket Night" });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 3, name: "Ada Lovelace", email: "ada@example.test" });
    const [, second] = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id)).orderBy(asc(tickets.position));
    await t.db.update(tickets).set({ attendeeName: "Grace Hopper", attendeeEmail: "grace@example.test" }).where(eq(tickets.id, second!.id));

    const before = (await client.get(`/api/events/${event.id}/attendees`)).json() as AttendeeList;
    expect(before.attendees.map(({ name, email, typeName, ticketStatus, buyerName, tickets: valid }) => ({ name, email, typeName, ticketStatus, buyerName, valid }))).toEqual([
      { name: "Ada Lovelace", email: "ada@example.test", typeName: "General Admission", ticketStatus: "valid", buyerName: "Ada Lovelace", valid: 3 },
      { name: "Grace Hopper", email: "grace@example.test", typeName: "General Admission", ticketStatus: "valid", buyerName: "Ada Lovelace", valid: 3 },
      { name: "Ada Lovelace", email: "ada@example.test", typeName: "General Admission", ticketStatus: "valid", buyerName: "Ada Lovelace", valid: 3 },
    ]);
    expect(before.attendees[0]!.ticketCode).toBe(booking.ticketCode);
    expect(new Set(before.attendees.map((attendee) => attendee.ticketCode)).size).toBe(3);

    const admitted = await client.post(`/api/tickets/${second!.id}/check-in`);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json()).toMatchObject({ bookingId: booking.id, ticketId: second!.id, alreadyCheckedIn: false });
    const again = await client.post(`/api/tickets/${second!.id.toUpperCase()}/check-in`);
    expect(again.json()).toMatchObject({ ticketId: second!.id, alreadyCheckedIn: true, checkedInAt: admitted.json().checkedInAt });
    const after = (await client.get(`/api/events/${event.id}/attendees`)).json() as AttendeeList;
    expect(after.attendees.map((attendee) => attendee.checkedInAt)).toEqual([null, admitted.json().checkedInAt, null]);
    const csv = (await client.get(`/api/events/${event.id}/attendees?format=csv`)).body.split("\r\n");
    expect(csv.slice(1, 4).map((line) => line.split(",").slice(0, 5).join(","))).toEqual([
      `Ada Lovelace,ada@example.test,General Admission,${booking.ticketCode},Pending`,
      `Grace Hopper,grace@example.test,General Admission,${second!.code},Checked In`,
      `Ada Lovelace,ada@example.test,General Admission,${before.attendees[2]!.ticketCode},Pending`,
    ]);

    expect((await client.post("/api/tickets/not-a-ticket/check-in")).statusCode).toBe(404);
    expect((await client.post("/api/tickets/00000000-0000-4000-8000-000000000000/check-in")).statusCode).toBe(404);
  });

  it("never lets another organiser check in a ticket of your event: 404, and the ticket stays unadmitted", async () => {
    const owner = await as("user");
    const stranger = await as("user");
    const event = await createEvent(t.db, { userId: owner.account.id, title: "Not Yours" });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 2 });
    const [ticket] = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id)).orderBy(asc(tickets.position));

    const refused = await stranger.client.post(`/api/tickets/${ticket!.id}/check-in`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toEqual({ code: "TICKET_NOT_FOUND", message: "Ticket not found" });
    const [unchanged] = await t.db.select({ checkedInAt: tickets.checkedInAt }).from(tickets).where(eq(tickets.id, ticket!.id));
    expect(unchanged!.checkedInAt).toBeNull();
    const [bookingAfter] = await t.db.select({ checkedInAt: bookings.checkedInAt }).from(bookings).where(eq(bookings.id, booking.id));
    expect(bookingAfter!.checkedInAt).toBeNull();
    expect((await new AuthClient(t.app, t.config.publicUrl, "198.18.250.2").post(`/api/tickets/${ticket!.id}/check-in`)).statusCode).toBe(401);

    // Its organiser, and an admin, may.
    expect((await owner.client.post(`/api/tickets/${ticket!.id}/check-in`)).json()).toMatchObject({ ticketId: ticket!.id, alreadyCheckedIn: false });
    const admin = await as("admin");
    expect((await admin.client.post(`/api/tickets/${ticket!.id}/check-in`)).json()).toMatchObject({ ticketId: ticket!.id, alreadyCheckedIn: true });
  });
});

describe("ticket viewer (spec §5 Ticket viewer and resender)", () => {
  it("finds a ticket by booking id, ticket code or payment session, with its QR payload", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Lookup Gala" });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 2, stripeSessionId: "cs_test_lookup_123" });
    for (const identifier of [booking.id, booking.ticketCode, booking.ticketCode.toLowerCase(), "cs_test_lookup_123", `  ${booking.ticketCode}  `]) {
      const response = await client.get(`/api/tickets/lookup?identifier=${encodeURIComponent(identifier)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        bookingId: booking.id,
        event: { title: "Lookup Gala" },
        // The booking's first ticket, a QR for it alone, and both of its tickets listed (issue 36).
        ticket: { position: 1, code: booking.ticketCode },
        qrPayload: { ticketId: booking.ticketCode, bookingId: booking.id, eventTitle: "Lookup Gala", ticketQuantity: 1 },
        tickets: [{ position: 1 }, { position: 2 }],
      });
    }
    const missing = await client.get("/api/tickets/lookup?identifier=TCKT-2090-FFFFFFFF");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: "TICKET_NOT_FOUND", message: "No ticket found with that identifier. Please check and try again." });
    expect((await client.get("/api/tickets/lookup?identifier=%20%20")).statusCode).toBe(400);
  });
});

describe("send-ticket-email (decisions D11)", () => {
  it("sends the ticket with its QR code only to the e-mail on the booking, and masks it for strangers", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Resend Rave", pricePence: 1000 });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 2, email: "buyer@example.com", totalAmountPence: 2460 });
    const owner = await client.post("/api/functions/send-ticket-email", { bookingId: booking.ticketCode, provider: "brevo" });
    expect(owner.json()).toEqual({ success: true, provider: "outbox", recipient: "buyer@example.com", error: null });
    const mail = await latestMessage(t.db, "buyer@example.com");
    expect(mail.subject).toBe("Your ticket: Resend Rave");
    expect(mail.text).toContain(booking.ticketCode);
    expect(mail.text).toContain(formatPounds(2460));
    // Two tickets, each with its own QR code (issue 36).
    expect(mail.text).toContain("Each attendee shows their own QR code at the event entrance");
    expect(mail.html).toContain('alt="QR code for ticket');
    expect(mail.html).toContain("data:image/png;base64,");

    const stranger = await t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: booking.id } });
    expect(stranger.json()).toMatchObject({ success: true, recipient: "b***@example.com" });
    const unknown = await t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: "TCKT-2090-00000000" } });
    expect(unknown.json()).toMatchObject({ success: false, recipient: null });
  });
});

describe("live sales (GET /api/realtime/bookings)", () => {
  it("streams a sale on the organiser's own event as it is written, and nobody else's", async () => {
    const { account, client } = await as("user");
    const mine = await createEvent(t.db, { userId: account.id, title: "Live One", pricePence: 1000 });
    const theirs = await createEvent(t.db, { userId: (await as("user")).account.id, title: "Not Mine" });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/realtime/bookings`, { headers: { cookie: client.cookieHeader }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const nextSale = async (): Promise<LiveSale> => {
      for (;;) {
        const match = /event: sale\nid: [^\n]+\ndata: ([^\n]+)\n\n/.exec(received);
        if (match) {
          received = received.slice(match.index + match[0].length);
          return JSON.parse(match[1]!);
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        received += decoder.decode(value);
      }
    };
    // The server listens before it opens the stream, so once 'connected' has arrived no sale is missed.
    while (!received.includes(": connected\n\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended before it was connected");
      received += decoder.decode(value);
    }
    await createBooking(t.db, { eventId: theirs.id, quantity: 4 });
    const booking = await createBooking(t.db, { eventId: mine.id, quantity: 3, name: "Sam Live", totalAmountPence: 3690 });
    const sale = await nextSale();
    expect(sale).toMatchObject({ bookingId: booking.id, eventTitle: "Live One", attendeeName: "Sam Live", ticketQuantity: 3, totalAmountPence: 3690, change: "new" });
    controller.abort();

    const anonymous = await fetch(`http://127.0.0.1:${port}/api/realtime/bookings`);
    expect(anonymous.status).toBe(401);
  });
});
