import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { boughtBooking } from "../../../../test/purchases";
import { signInAs } from "../../../../test/organiser";
import { bookings, events, ledgerEntries, refundRequests, refunds } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";

const t = setUpTestApp();

const HOUR = 3_600_000;

async function ledgerOf(bookingId: string) {
  const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId));
  return entries.map((entry) => [entry.kind, entry.amountPence]).sort();
}

const ask = (client: Awaited<ReturnType<typeof signInAs>>["client"], bookingId: string, reason = "I cannot make it any more") =>
  client.post(`/api/me/bookings/${bookingId}/refund-request`, { reason });

describe("a buyer's refund request (decision 027)", () => {
  it("inside the window: the organiser sees it, approves it, and the buyer gets the ticket price back without the fee", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 2, { attendeeName: "Grace Hopper" });
    const mine = await buyer.client.get("/api/me/tickets");
    expect(mine.json().tickets[0].refund).toMatchObject({ canRequest: true, automatic: false, includesFee: false, refundPence: 4000, feePerTicketPence: 230, request: null });

    const asked = await ask(buyer.client, booking.id);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: "pending", reason: "I cannot make it any more", automatic: false });
    const listed = await organiser.client.get("/api/refund-requests?status=pending");
    expect(listed.statusCode).toBe(200);
    expect(listed.json().requests).toEqual([
      expect.objectContaining({ requestId: asked.json().requestId, status: "pending", overdue: false, refundPence: 4000, booking: expect.objectContaining({ id: booking.id, ticketQuantity: 2, attendeeName: "Grace Hopper" }) }),
    ]);
    const afterAsking = (await buyer.client.get("/api/me/tickets")).json().tickets[0].refund;
    expect(afterAsking).toMatchObject({ canRequest: false, request: { status: "pending" } });

    const approved = await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", refundId: expect.any(String) });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ source: "buyer-request", quantity: 2, ticketPence: 4000, feePence: 0, status: "succeeded", requestKey: `request:${asked.json().requestId}` });
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ ticketQuantity: 0, refundedQuantity: 2, status: "refunded" });
    // No fee refund entry: the fee stays (spec §9), and a zero movement is not written.
    // The refunded tickets owe no organiser fee (2.9% + 30p each: £1.76 on two £20 tickets) (D22).
    expect(await ledgerOf(booking.id)).toEqual([["booking_fee", 460], ["organiser_fee", 176], ["organiser_fee_reversal", 176], ["ticket_refund", 4000], ["ticket_sale", 4000]]);
    expect((await reconcile(t.db)).problems).toEqual([]);

    const message = await latestMessage(t.db, booking.attendeeEmail, (m) => Boolean(m.subject?.startsWith("Your refund")));
    expect(message.text).toContain("Your refund request was approved");
    expect(message.text).toContain("2 tickets of your booking have been refunded: £40.00");
    expect(message.text).toContain("The booking fee is not refundable on a buyer's request");
    expect((await organiser.client.get("/api/refund-requests?status=pending")).json().requests).toEqual([]);
  });

  it("outside the window (within 48 hours of the event) is refused with the policy's reason", async () => {
    const { buyer, event, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
    await t.db.update(events).set({ dateTime: new Date(Date.now() + 24 * HOUR) }).where(eq(events.id, event.id));
    const refund = (await buyer.client.get("/api/me/tickets")).json().tickets[0].refund;
    expect(refund).toMatchObject({ canRequest: false, closedReason: "Refunds close 48 hours before the event starts." });
    expect(new Date(refund.closesAt).getTime()).toBeLessThan(Date.now());
    const asked = await ask(buyer.client, booking.id);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toBe("Refunds close 48 hours before the event starts.");
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.bookingId, booking.id))).toEqual([]);
  });

  it("someone else's booking is not found, and nobody else sees or answers the request", async () => {
    const { buyer, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await ask(stranger.client, booking.id)).statusCode).toBe(404);
    expect((await ask(stranger.client, "not-a-uuid")).statusCode).toBe(404);
    const asked = await ask(buyer.client, booking.id);
    expect((await stranger.client.get("/api/refund-requests")).json().requests).toEqual([]);
    expect((await stranger.client.post(`/api/refund-requests/${asked.json().requestId}/approve`)).statusCode).toBe(404);
    expect((await buyer.client.post(`/api/refund-requests/${asked.json().requestId}/decline`, { note: "no" })).statusCode).toBe(404);
    expect((await t.db.select().from(refundRequests).where(eq(refundRequests.bookingId, booking.id)))[0]!.status).toBe("pending");
  });

  it("a repeated request (also two at once) answers the one pending request", async () => {
    const { buyer, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
    const [a, b] = await Promise.all([ask(buyer.client, booking.id), ask(buyer.client, booking.id, "Asked twice")]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().requestId).toBe(b!.json().requestId);
    const again = await ask(buyer.client, booking.id, "A third time");
    expect(again.json().requestId).toBe(a!.json().requestId);
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.bookingId, booking.id))).toHaveLength(1);
  });

  it("declining e-mails the buyer the organiser's note, keeps the tickets, and lets the buyer ask again", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
    const asked = await ask(buyer.client, booking.id);
    const declined = await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/decline`, { note: "The venue's terms are strict, sorry." });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: "declined", decisionNote: "The venue's terms are strict, sorry.", refundId: null });
    const repeat = await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/decline`, { note: "Again" });
    expect(repeat.json()).toMatchObject({ status: "declined", decisionNote: "The venue's terms are strict, sorry." });
    expect((await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/approve`)).statusCode).toBe(409);
    const message = await latestMessage(t.db, booking.attendeeEmail, (m) => Boolean(m.subject?.startsWith("Refund request declined")));
    expect(message.text).toContain("Your refund request was declined");
    expect(message.text).toContain("The organiser's note: The venue's terms are strict, sorry.");
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
    expect((await buyer.client.get("/api/me/tickets")).json().tickets[0].refund).toMatchObject({ canRequest: true, request: { status: "declined", decisionNote: "The venue's terms are strict, sorry." } });
    expect((await ask(buyer.client, booking.id, "Please reconsider")).json()).toMatchObject({ status: "pending" });
  });

  it("two approvals at once (organiser and admin) make one refund", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 3, { attendeeName: "Grace Hopper" });
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const { requestId } = (await ask(buyer.client, booking.id)).json();
    const answers = await Promise.all([organiser.client, admin.client, organiser.client].map((client) => client.post(`/api/refund-requests/${requestId}/approve`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.json().refundId)).size).toBe(1);
    const made = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ quantity: 3, ticketPence: 6000, feePence: 0 });
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("approve against decline at once: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const { organiser, buyer, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
      const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
      const { requestId } = (await ask(buyer.client, booking.id)).json();
      const [approve, decline] = await Promise.all([
        organiser.client.post(`/api/refund-requests/${requestId}/approve`),
        admin.client.post(`/api/refund-requests/${requestId}/decline`, { note: "Raced" }),
      ]);
      const codes = [approve!.statusCode, decline!.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const [request] = await t.db.select().from(refundRequests).where(eq(refundRequests.id, requestId));
      const made = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
      if (request!.status === "approved") {
        expect(approve!.statusCode).toBe(200);
        expect(made).toHaveLength(1);
      } else {
        expect(request!.status).toBe("declined");
        expect(decline!.statusCode).toBe(200);
        expect(made).toEqual([]);
      }
    }
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("inside a postponement's refund window the request is approved at once, the booking fee included", async () => {
    const { organiser, buyer, event, booking } = await boughtBooking(t, 2, { attendeeName: "Grace Hopper" });
    // Within 48 hours of the (new) date, yet inside the window: the window wins (decision 027).
    await t.db
      .update(events)
      .set({ dateTime: new Date(Date.now() + 24 * HOUR), postponedAt: new Date(), refundWindowEndsAt: new Date(Date.now() + 14 * 24 * HOUR) })
      .where(eq(events.id, event.id));
    expect((await buyer.client.get("/api/me/tickets")).json().tickets[0].refund).toMatchObject({ canRequest: true, automatic: true, includesFee: true, refundPence: 4460 });
    const asked = await ask(buyer.client, booking.id, "The new date does not suit me");
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: "approved", automatic: true });
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(refund).toMatchObject({ source: "postponement", quantity: 2, ticketPence: 4000, feePence: 460, status: "succeeded" });
    const [request] = await t.db.select().from(refundRequests).where(and(eq(refundRequests.bookingId, booking.id), eq(refundRequests.status, "approved")));
    expect(request!.refundId).toBe(refund!.id);
    expect(await ledgerOf(booking.id)).toEqual([["booking_fee", 460], ["fee_refund", 460], ["organiser_fee", 176], ["organiser_fee_reversal", 176], ["ticket_refund", 4000], ["ticket_sale", 4000]]);
    expect((await organiser.client.get("/api/refund-requests")).json().requests).toEqual([]);
    const message = await latestMessage(t.db, booking.attendeeEmail, (m) => Boolean(m.subject?.startsWith("Your refund")));
    expect(message.text).toContain("£44.60 (tickets £40.00, booking fee £4.60)");
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("approving a request whose booking the organiser already refunded in full closes it without moving money again", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
    const { requestId } = (await ask(buyer.client, booking.id)).json();
    expect((await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "Refunded by hand", requestKey: "by-hand-first" })).statusCode).toBe(200);
    const approved = await organiser.client.post(`/api/refund-requests/${requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: "approved", refundId: null });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("an admin sees every organiser's pending requests, those waiting over 48 hours marked, and answers them", async () => {
    const { buyer, booking } = await boughtBooking(t, 1, { attendeeName: "Grace Hopper" });
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const { requestId } = (await ask(buyer.client, booking.id)).json();
    await t.db.update(refundRequests).set({ createdAt: new Date(Date.now() - 49 * HOUR) }).where(eq(refundRequests.id, requestId));
    const listed = (await admin.client.get("/api/refund-requests")).json().requests;
    expect(listed.find((request: { requestId: string }) => request.requestId === requestId)).toMatchObject({ overdue: true, event: { organiserName: expect.any(String) } });
    expect(listed[0].requestId).toBe(requestId);
    expect((await admin.client.post(`/api/refund-requests/${requestId}/approve`)).json()).toMatchObject({ status: "approved", overdue: false });
    expect((await admin.client.get("/api/refund-requests?status=approved")).json().requests[0]).toMatchObject({ requestId });
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});
