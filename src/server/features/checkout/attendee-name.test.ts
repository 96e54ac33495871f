import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTENDEE_NAME_MESSAGES, type AttendeeList } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { startSmtpReceiver } from "../../../../test/smtp-receiver";
import { bookings, orders, profiles, users } from "../../db/schema";

/** Issue 17: the attendee's name is asked at checkout, remembered, and is what every surface shows. */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
let organiser: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.smtpUrl });
  organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const paidEvent = (title: string) => createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, title });
/** A buyer whose account handle is 'newbie…' and whose profile has no display name, as after sign-up. */
async function newbie() {
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  await t.db.update(users).set({ name: `newbie${buyer.account.id.slice(-5)}` }).where(eq(users.id, buyer.account.id));
  return buyer;
}
/** The first mail `found` accepts, once it has arrived (the ticket e-mail goes out from the job queue). */
async function mailWhen(found: (mail: (typeof smtp.received)[number]) => boolean) {
  for (;;) {
    const mail = smtp.received.find(found);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const checkoutName = async (client: AuthClient) => (await client.get("/api/me")).json().user.checkoutName as string;

describe("checkout takes the attendee's name (issue 17)", () => {
  it("puts the typed name, trimmed, on the order, the booking, the attendee list, the CSV, the ticket check, My Tickets, the success page and the e-mail", async () => {
    const buyer = await newbie();
    const event = await paidEvent("Harbour Lights Quiz");
    const started = await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 2, attendeeName: "  Ada Lovelace " });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json();
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    expect(order!.attendeeName).toBe("Ada Lovelace");
    await buyer.client.post(`/api/checkout/test/${sessionId}/pay`);

    const verified = (await buyer.client.post("/api/functions/verify-payment", { sessionId })).json();
    expect(verified.booking.attendee_name).toBe("Ada Lovelace");
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    expect(booking!.attendeeName).toBe("Ada Lovelace");

    const list = (await organiser.client.get(`/api/events/${event.id}/attendees`)).json() as AttendeeList;
    // A row per ticket (issue 36): both tickets carry the one name typed.
    expect(list.attendees.map((attendee) => attendee.name)).toEqual(["Ada Lovelace", "Ada Lovelace"]);
    const csv = (await organiser.client.get(`/api/events/${event.id}/attendees?format=csv`)).body;
    expect(csv.split("\r\n")[1]).toMatch(/^Ada Lovelace,/);
    expect(csv).not.toContain("newbie");

    const checked = (await organiser.client.post("/api/functions/check-ticket", { ticketId: booking!.ticketCode, checkIn: false })).json();
    // The code names ticket 1 alone (issue 36), which carries the name too.
    expect(checked.attendee).toMatchObject({ name: "Ada Lovelace", tickets: 1 });
    const mine = (await buyer.client.get("/api/me/tickets")).json();
    expect(JSON.stringify(mine)).toContain("Ada Lovelace");

    const mail = await mailWhen((message) => message.to.includes(buyer.account.email.toLowerCase()) && message.subject === "Your ticket: Harbour Lights Quiz");
    expect(mail.text).toContain("Hi Ada Lovelace,");
    expect(mail.text).not.toContain("newbie");
  });

  it("puts one name on every booking of a cart", async () => {
    const buyer = await newbie();
    const [first, second] = [await paidEvent("Cart One"), await paidEvent("Cart Two")];
    const started = await buyer.client.post("/api/functions/create-payment", {
      items: [
        { eventId: first.id, ticketQuantity: 1 },
        { eventId: second.id, ticketQuantity: 3 },
      ],
      attendeeName: "Grace Hopper",
    });
    expect(started.statusCode).toBe(200);
    await buyer.client.post(`/api/checkout/test/${started.json().sessionId}/pay`);
    const sold = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, started.json().sessionId));
    expect(sold.map((booking) => booking.attendeeName)).toEqual(["Grace Hopper", "Grace Hopper"]);
  });

  it.each([
    ["missing", undefined, ATTENDEE_NAME_MESSAGES.missing],
    ["empty", "", ATTENDEE_NAME_MESSAGES.missing],
    ["only spaces", "   ", ATTENDEE_NAME_MESSAGES.missing],
    ["not text", 42, ATTENDEE_NAME_MESSAGES.missing],
    ["over 100 characters", "A".repeat(101), ATTENDEE_NAME_MESSAGES.tooLong],
    ["a control character", "Ada\u0007 Lovelace", ATTENDEE_NAME_MESSAGES.badCharacter],
    ["a line break inside", "Ada\nLovelace", ATTENDEE_NAME_MESSAGES.badCharacter],
    ["a right-to-left override", "Ada \u202Eecalevol", ATTENDEE_NAME_MESSAGES.badCharacter],
  ])("refuses a name that is %s with a 400 naming the field, for Buy Now and the cart", async (_case, attendeeName, message) => {
    const buyer = await newbie();
    const event = await paidEvent(`Refused ${Math.random()}`);
    for (const body of [
      { eventId: event.id, ticketQuantity: 1, attendeeName },
      { items: [{ eventId: event.id, ticketQuantity: 1 }], attendeeName },
    ]) {
      const response = await buyer.client.post("/api/functions/create-payment", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: "VALIDATION_FAILED", message: `Invalid field 'attendeeName': ${message}` });
    }
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.account.id))).toEqual([]);
  });

  it("accepts a 100-character name and names with accents, apostrophes and hyphens", async () => {
    const buyer = await newbie();
    const event = await paidEvent("Accepted names");
    for (const attendeeName of ["É".repeat(100), "Siobhán O'Connor-Ní Bhriain", "李小龍"]) {
      const response = await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1, attendeeName });
      expect(response.statusCode).toBe(200);
      const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, response.json().sessionId));
      expect(order!.attendeeName).toBe(attendeeName);
    }
  });
});

describe("the account remembers the name for next time (issue 17, decision 021)", () => {
  it("offers nothing to a new account, never its handle or e-mail", async () => {
    const buyer = await newbie();
    expect(await checkoutName(buyer.client)).toBe("");
  });

  it("offers the profile's display name until a name is typed at checkout, then the name typed last", async () => {
    const buyer = await newbie();
    expect((await buyer.client.request("PUT", "/api/me/profile", { displayName: "Ada L." })).statusCode).toBe(200);
    expect(await checkoutName(buyer.client)).toBe("Ada L.");

    const event = await paidEvent("Remembered");
    await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1, attendeeName: "Ada Lovelace" });
    expect(await checkoutName(buyer.client)).toBe("Ada Lovelace");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, buyer.account.id));
    expect(profile).toMatchObject({ displayName: "Ada L.", lastAttendeeName: "Ada Lovelace" });

    await buyer.client.post("/api/functions/create-payment", { items: [{ eventId: event.id, ticketQuantity: 1 }], attendeeName: "Charles Babbage" });
    expect(await checkoutName(buyer.client)).toBe("Charles Babbage");
  });

  it("does not remember a refused name", async () => {
    const buyer = await newbie();
    const event = await paidEvent("Not remembered");
    await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1, attendeeName: "Ada Lovelace" });
    expect((await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 1, attendeeName: " " })).statusCode).toBe(400);
    expect(await checkoutName(buyer.client)).toBe("Ada Lovelace");
  });
});
