import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { listMailbox } from "../dev-mailbox/dev-mailbox.service";
import { users } from "../../db/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
let event: Awaited<ReturnType<typeof createEvent>>;
let ipCounter = 0;

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  event = await createEvent(t.db, { userId: organiser.account.id, title: "Harbour Lights Quiz", pricePence: 1200 });
});
afterAll(async () => t.close());

/** The public resend page's call, as a visitor (decisions D11). */
function resend(identifier: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/functions/send-ticket-email",
    headers: { "x-forwarded-for": `192.0.2.${++ipCounter}` },
    payload: { bookingId: identifier },
  });
}

async function ticketMailsTo(email: string) {
  return (await listMailbox({ db: t.db, to: email })).filter((message) => message.subject?.startsWith("Your ticket"));
}

/** The same booking id as PostgreSQL also reads it: hyphens moved to other four-digit boundaries. */
function rehyphenated(uuid: string): string {
  const hex = uuid.replaceAll("-", "");
  return `${hex.slice(0, 4)}-${hex.slice(4, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

describe("D11: the resend limit counts per booking, however the booking is named", () => {
  it("gives every identifier of one booking one shared budget of 3 e-mails an hour", async () => {
    const email = `buyer_${Date.now()}@example.test`;
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 1, email, stripeSessionId: `cs_test_${Date.now()}` });
    const spellings = [
      booking.id,
      booking.id.toUpperCase(),
      booking.ticketCode,
      booking.ticketCode.toLowerCase(),
      ` ${booking.ticketCode} `,
      booking.stripeSessionId!,
      // PostgreSQL's looser spellings of the same id.
      rehyphenated(booking.id),
      `{${booking.id}}`,
      booking.id.replaceAll("-", ""),
    ];
    const answers = [];
    for (const identifier of spellings) answers.push(await resend(identifier));

    const sent = answers.filter((answer) => answer.statusCode === 200 && answer.json().success === true);
    expect(sent).toHaveLength(3);
    expect(answers.slice(0, 3).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    for (const refused of answers.slice(3).filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe("RATE_LIMITED");
    }
    expect(answers.slice(3, 6).map((answer) => answer.statusCode)).toEqual([429, 429, 429]);
    expect(await ticketMailsTo(email)).toHaveLength(3);

    // Another booking keeps its own budget.
    const other = await createBooking(t.db, { eventId: event.id, quantity: 1, email });
    expect((await resend(other.ticketCode)).json()).toMatchObject({ success: true });
    expect(await ticketMailsTo(email)).toHaveLength(4);
  });

  it("spends no booking's budget on an identifier that finds nothing", async () => {
    const email = `buyer_${Date.now()}_2@example.test`;
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 1, email });
    for (let i = 0; i < 3; i++) expect((await resend("TCKT-2090-FFFFFFFF")).json()).toMatchObject({ success: false, recipient: null });
    for (let i = 0; i < 3; i++) expect((await resend(booking.ticketCode)).json()).toMatchObject({ success: true });
    expect((await resend(booking.id)).statusCode).toBe(429);
  });
});

describe("D12: the manual e-mail sender refuses an unconfirmed address", () => {
  const message = { subject: "Hello from the test page", htmlContent: "<p>Hi</p>" };
  async function signedIn(role: "user" | "admin") {
    const { account, client } = await signInAs(t.app, t.db, t.config.publicUrl, role);
    return { client, email: account.email, id: account.id };
  }
  const send = (client: AuthClient, toEmail: string) => client.post("/api/functions/send-test-email", { toEmail, ...message });
  const sentTo = async (email: string) => (await listMailbox({ db: t.db, to: email })).filter((mail) => mail.subject === message.subject);

  it("sends to a confirmed user's own address, and to no one once the address is unconfirmed", async () => {
    const user = await signedIn("user");
    expect((await send(user.client, user.email)).json()).toMatchObject({ success: true, recipient: user.email });
    expect(await sentTo(user.email)).toHaveLength(1);

    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    await t.app.session.accountChanged(user.id);
    for (const to of [user.email, user.email.toUpperCase(), "someone@example.com"]) {
      const refused = await send(user.client, to);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({ code: "FORBIDDEN", message: "You can send test e-mails only to your own confirmed e-mail address." });
    }
    expect(await sentTo(user.email)).toHaveLength(1);
    expect(await sentTo("someone@example.com")).toHaveLength(0);
  });

  it("treats an admin with an unconfirmed address as a non-admin: refused, even to their own address", async () => {
    const admin = await signedIn("admin");
    const elsewhere = `friend_${Date.now()}@example.com`;
    expect((await send(admin.client, elsewhere)).json()).toMatchObject({ success: true, recipient: elsewhere });
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, admin.id));
    // As better-auth's change of e-mail would (its user-update hook).
    await t.app.session.accountChanged(admin.id);
    expect((await send(admin.client, `other_${elsewhere}`)).statusCode).toBe(403);
    expect((await send(admin.client, admin.email)).statusCode).toBe(403);
    expect(await sentTo(`other_${elsewhere}`)).toHaveLength(0);
  });
});
