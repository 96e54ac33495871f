import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { pageContextOf, pageRequest } from "../../../../test/page-context";
import { signInAs } from "../../../../test/organiser";
import { loader } from "../../../web/routes/payment-success";
import { bookings } from "../../db/schema";

const t = setUpTestApp();

async function load(path: string, cookie?: string) {
  const { request, url } = pageRequest(t, path, { cookie });
  return loader({ context: await pageContextOf(t), request, url, params: {} } as unknown as Parameters<typeof loader>[0]);
}

/** A buyer's checkout of one paid ticket, opened but not yet paid. */
async function openCheckout() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 10, title: `Paid ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
  expect(checkout.statusCode).toBe(200);
  return { buyer, event, sessionId: checkout.json().sessionId as string };
}

describe("/payment-success verifies in its loader (spec §4 Payment)", () => {
  it("asks a visitor to sign in, answers anyone else as for an unknown session, and says when there is no session", async () => {
    const { buyer, sessionId } = await openCheckout();
    expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect(await load(`/payment-success?session_id=${sessionId}`)).toEqual({
      sessionId,
      outcome: { ok: false, message: "Only the account that paid can see this booking. Please sign in with it.", signInRequired: true },
      // No wallet is configured in tests: the page offers neither (D27).
      wallets: { apple: false, google: false },
    });
    expect((await load(`/payment-success?session_id=${sessionId}`, stranger.client.cookieHeader)).outcome).toEqual({ ok: false, message: "No payment found for this session." });
    expect((await load("/payment-success", buyer.client.cookieHeader)).outcome).toEqual({ ok: false, message: "No session ID found" });
    expect((await load("/payment-success?session_id=cs%20bad!", buyer.client.cookieHeader)).outcome).toEqual({ ok: false, message: "Function error: Session ID may contain only letters, numbers, _ and -" });
  });

  it("says an unpaid checkout has not been completed, then shows the paid booking on the next read", async () => {
    const { buyer, event, sessionId } = await openCheckout();
    expect((await load(`/payment-success?session_id=${sessionId}`, buyer.client.cookieHeader)).outcome).toEqual({ ok: false, message: "The payment has not been completed." });
    expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    const { outcome } = await load(`/payment-success?session_id=${sessionId}`, buyer.client.cookieHeader);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect(booking!.status).toBe("confirmed");
    expect(outcome).toEqual({ ok: true, message: "Payment confirmed", bookings: [expect.objectContaining({ id: booking!.id, ticket_code: booking!.ticketCode, attendee_name: "Ada Lovelace" })] });
    // Asked again (a reload), it confirms nothing twice. The ticket e-mail's own job may have sent it between the
    // two reads (queued, then sent): everything else reads the same.
    const withoutMailState = (read: typeof outcome) => ({ ...read, bookings: (read as { bookings: Record<string, unknown>[] }).bookings.map(({ ticket_email: _mail, ...rest }) => rest) });
    expect(withoutMailState((await load(`/payment-success?session_id=${sessionId}`, buyer.client.cookieHeader)).outcome)).toEqual(withoutMailState(outcome));
    expect(await t.db.select().from(bookings).where(eq(bookings.eventId, event.id))).toHaveLength(1);
  });
});
