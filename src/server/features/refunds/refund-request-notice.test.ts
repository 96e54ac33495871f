import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage, mailboxCount } from "../../../../test/auth-client";
import { boughtBooking } from "../../../../test/purchases";
import { signInAs } from "../../../../test/organiser";
import { events } from "../../db/schema";
import { listMailbox } from "../dev-mailbox/dev-mailbox.service";
import { queueRefundRequestSummaries } from "./refund-request-notice.job";

const t = setUpTestApp();

type Client = Awaited<ReturnType<typeof signInAs>>["client"];

const ask = (client: Client, bookingId: string, reason: string) => client.post(`/api/me/bookings/${bookingId}/refund-request`, { reason });
const isRequestMail = (message: { subject?: string | null }) => Boolean(message.subject?.startsWith("Refund request:"));
const isSummary = (message: { subject?: string | null }) => Boolean(message.subject?.includes("daily Eventora summary"));

/** Waits for the queue to go quiet, so that "nothing was sent" means nothing, not "not yet". */
const settle = () => new Promise((resolve) => setTimeout(resolve, 3_000));

describe("organisers are told of refund requests (issue 33)", () => {
  it("e-mails the organiser each request by default, with the buyer, the reason and where to answer", async () => {
    const { organiser, buyer, event, booking } = await boughtBooking(t, 2, { attendeeName: "Grace Hopper" });
    expect((await organiser.client.get("/api/me/notice-settings")).json()).toEqual({ refundRequestEmails: "each" });
    expect((await ask(buyer.client, booking.id, "My train was cancelled")).statusCode).toBe(200);

    const message = await latestMessage(t.db, organiser.account.email, isRequestMail);
    expect(message.subject).toBe(`Refund request: ${event.title}`);
    expect(message.text).toContain("Grace Hopper asked for a refund of 2 tickets");
    expect(message.text).toContain("My train was cancelled");
    expect(message.text).toContain(booking.ticketCode);
    expect(message.text).toContain("within 48 hours");
    expect(message.links.some((link) => link.endsWith("/dashboard/attendees"))).toBe(true);
    // Asking again answers the pending request and sends nothing more.
    await ask(buyer.client, booking.id, "My train was cancelled");
    await settle();
    expect((await listMailbox({ db: t.db, to: organiser.account.email })).filter(isRequestMail)).toHaveLength(1);
  });

  it("keeps the choice of a daily summary, refuses any other value, and answers only someone signed in", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const saved = await organiser.client.request("PUT", "/api/me/notice-settings", { refundRequestEmails: "daily" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ refundRequestEmails: "daily" });
    expect((await organiser.client.get("/api/me/notice-settings")).json()).toEqual({ refundRequestEmails: "daily" });
    const wrong = await organiser.client.request("PUT", "/api/me/notice-settings", { refundRequestEmails: "weekly" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain("Choose an e-mail per request or a daily summary.");
    expect((await t.app.inject({ method: "GET", url: "/api/me/notice-settings" })).statusCode).toBe(401);
  });

  it("sends an organiser who chose a daily summary one e-mail a day of the requests still open since the last one, and none when none is", async () => {
    const first = await boughtBooking(t, 1, { attendeeName: "Ada Lovelace" });
    const { organiser } = first;
    expect((await organiser.client.request("PUT", "/api/me/notice-settings", { refundRequestEmails: "daily" })).statusCode).toBe(200);
    // A second event of the same organiser, bought by another buyer.
    const second = await boughtBooking(t, 3, { attendeeName: "Alan Turing" });
    await t.db.update(events).set({ userId: organiser.account.id }).where(eq(events.id, second.event.id));

    expect((await ask(first.buyer.client, first.booking.id, "Ill that week")).statusCode).toBe(200);
    expect((await ask(second.buyer.client, second.booking.id, "Double booked")).statusCode).toBe(200);

    const morning = new Date(Date.now() + 60_000);
    expect(await queueRefundRequestSummaries({ db: t.db, jobs: t.app.jobs }, morning)).toBe(1);
    const summary = await latestMessage(t.db, organiser.account.email, isSummary);
    expect(summary.subject).toBe("2 refund requests waiting: your daily Eventora summary");
    expect(summary.text).toContain("Ada Lovelace, 1 ticket");
    expect(summary.text).toContain("Ill that week");
    expect(summary.text).toContain("Alan Turing, 3 tickets");
    expect(summary.text).toContain("Double booked");
    // The same day again: the day is the key, so nothing more.
    expect(await queueRefundRequestSummaries({ db: t.db, jobs: t.app.jobs }, new Date(morning.getTime() + 60_000))).toBe(0);
    // The next day with nothing new: nothing is sent, though both requests are still open.
    const nextDay = new Date(morning.getTime() + 86_400_000);
    expect(await queueRefundRequestSummaries({ db: t.db, jobs: t.app.jobs }, nextDay)).toBe(0);
    await settle();
    expect((await listMailbox({ db: t.db, to: organiser.account.email })).filter(isSummary)).toHaveLength(1);
    // No e-mail per request in this mode.
    expect((await listMailbox({ db: t.db, to: organiser.account.email })).filter(isRequestMail)).toHaveLength(0);
    expect(await mailboxCount(t.db, organiser.account.email)).toBe(1);
  });

  it("leaves out of a summary a request answered before it is sent", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 1);
    expect((await organiser.client.request("PUT", "/api/me/notice-settings", { refundRequestEmails: "daily" })).statusCode).toBe(200);
    const asked = await ask(buyer.client, booking.id, "Changed my mind");
    expect((await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/decline`, { note: "Sorry" })).statusCode).toBe(200);
    expect(await queueRefundRequestSummaries({ db: t.db, jobs: t.app.jobs }, new Date(Date.now() + 60_000))).toBe(0);
    await settle();
    expect(await mailboxCount(t.db, organiser.account.email)).toBe(0);
  });
});
