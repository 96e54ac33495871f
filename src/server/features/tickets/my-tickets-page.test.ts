import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { pageContextOf, pageRequest } from "../../../../test/page-context";
import { boughtBooking } from "../../../../test/purchases";
import { signInAs } from "../../../../test/organiser";
import { action, loader } from "../../../web/routes/my-tickets";
import { refundRequests } from "../../db/schema";

const t = setUpTestApp();

type Args = Parameters<typeof loader>[0];

async function load(cookie?: string) {
  const { request, url } = pageRequest(t, "/my-tickets", { cookie });
  return loader({ context: await pageContextOf(t), request, url, params: {} } as unknown as Args);
}

/** A card's post, as its fetcher sends it: the answer's status and body. */
async function post(form: Record<string, string>, cookie?: string) {
  const { request, url } = pageRequest(t, "/my-tickets", { cookie, form });
  const answer = (await action({ context: await pageContextOf(t), request, url, params: {} } as unknown as Parameters<typeof action>[0])) as unknown as { data: unknown; init: ResponseInit | null };
  return { status: answer.init?.status ?? 200, body: answer.data as Record<string, unknown> };
}

describe("/my-tickets through its loader and action (spec §2 My Tickets)", () => {
  it("sends a visitor to sign in and back, and gives a buyer their tickets", async () => {
    const signedOut = await load().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(signedOut).toBeInstanceOf(Response);
    expect((signedOut as Response).headers.get("location")).toBe("/auth?redirect=%2Fmy-tickets");

    const { buyer, booking } = await boughtBooking(t, 1);
    const { tickets } = await load(buyer.client.cookieHeader);
    expect(tickets).toEqual([expect.objectContaining({ bookingId: booking.id, ticketCode: booking.ticketCode })]);
  });

  it("refuses a refund request from a visitor, from someone else and without a reason, in the API's words", async () => {
    const { buyer, booking } = await boughtBooking(t, 1);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const ask = { intent: "refund", bookingId: booking.id, reason: "I cannot make it any more" };
    expect(await post(ask)).toEqual({ status: 401, body: { intent: "refund", bookingId: booking.id, refused: { status: 401, message: "Please sign in to continue." } } });
    expect(await post(ask, stranger.client.cookieHeader)).toEqual({ status: 404, body: { intent: "refund", bookingId: booking.id, refused: { status: 404, message: "Booking not found" } } });
    expect((await post({ ...ask, reason: "   " }, buyer.client.cookieHeader)).body).toMatchObject({ refused: { status: 400, message: "Please tell the organiser why you are asking for a refund." } });
    expect(await t.db.select().from(refundRequests).where(eq(refundRequests.bookingId, booking.id))).toEqual([]);
  });

  it("records the buyer's refund request, and the list read again shows it", async () => {
    const { buyer, booking } = await boughtBooking(t, 1);
    const asked = await post({ intent: "refund", bookingId: booking.id, reason: "I cannot make it any more" }, buyer.client.cookieHeader);
    expect(asked).toEqual({ status: 200, body: { intent: "refund", bookingId: booking.id, request: expect.objectContaining({ status: "pending", reason: "I cannot make it any more" }) } });
    const [stored] = await t.db.select().from(refundRequests).where(eq(refundRequests.bookingId, booking.id));
    expect(stored).toMatchObject({ status: "pending", userId: buyer.account.id });
    const { tickets } = await load(buyer.client.cookieHeader);
    expect(tickets[0]!.refund).toMatchObject({ canRequest: false, request: { status: "pending" } });
  });

  it("resends a ticket only to its booking's address, and says when there is no such ticket", async () => {
    const { buyer, booking } = await boughtBooking(t, 1);
    const sent = await post({ intent: "resend", bookingId: booking.id, provider: "resend" }, buyer.client.cookieHeader);
    expect(sent).toEqual({ status: 200, body: { intent: "resend", bookingId: booking.id, result: expect.objectContaining({ success: true, recipient: booking.attendeeEmail }) } });
    const missing = await post({ intent: "resend", bookingId: "TCKT-0000-NOPE" }, buyer.client.cookieHeader);
    expect(missing.body).toMatchObject({ result: { success: false, error: "Ticket not found. Please check the booking ID or ticket code." } });
  });
});
