import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { createTestApp } from "../../../../test/app";
import { AuthClient, TEST_PASSWORD } from "../../../../test/auth-client";
import { createAccount, createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { pageContext, type PageContext } from "../../../web/lib/page-context.server";
import { createPaymentGateway } from "../../providers/payments/payments";
import { tickets } from "../../db/schema";
import * as myEvents from "../../../web/routes/dashboard._index";
import * as sales from "../../../web/routes/dashboard.sales";
import * as bookingsSection from "../../../web/routes/dashboard.bookings";
import * as attendees from "../../../web/routes/dashboard.attendees";
import * as payouts from "../../../web/routes/dashboard.payouts";
import * as frame from "../../../web/routes/dashboard";

/**
 * The dashboard's sections (issue 35) as the web server runs them: each loader against the real
 * database and session, each action with the ownership checks of the JSON API route it stands for.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let context: RouterContextProvider;
beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  const gateway = await createPaymentGateway(t.config, t.db);
  context = new RouterContextProvider(new Map([[pageContext, { db: t.db, config: t.config, session: t.app.session, jobs: t.app.jobs, gateway } as unknown as PageContext]]));
});
afterAll(async () => t.close());

const as = () => signInAs(t.app, t.db, t.config.publicUrl, "user");
type Client = Awaited<ReturnType<typeof as>>["client"];

/** A loader's or action's arguments for `path`, sent with this browser's cookies (none: a visitor). */
function args(path: string, client?: Client, form?: Record<string, string>) {
  const url = new URL(path, t.config.publicUrl);
  const headers = new Headers(client ? { cookie: client.cookieHeader } : {});
  const request = form ? new Request(url, { method: "POST", headers, body: new URLSearchParams(form) }) : new Request(url, { headers });
  return { request, url, context, params: {}, unstable_pattern: "", matches: [] } as never;
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (answer) {
    return answer as Response;
  }
  throw new Error("nothing was thrown");
}

/** What a loader or action answered: its data (a `data()` result carries it in `data`). */
const body = (answer: unknown) => ((answer as { data?: unknown }).data ?? answer) as Record<string, unknown>;
const status = (answer: unknown) => (answer as { init?: { status?: number } }).init?.status ?? 200;

describe("each section's loader", () => {
  const sections = [
    ["/dashboard", frame.loader],
    ["/dashboard", myEvents.loader],
    ["/dashboard/sales", sales.loader],
    ["/dashboard/bookings", bookingsSection.loader],
    ["/dashboard/attendees?event=e1", attendees.loader],
    ["/dashboard/payouts", payouts.loader],
  ] as const;

  it("sends a signed-out visitor to sign in, and back to that section after", async () => {
    for (const [path, loader] of sections) {
      const answer = await thrown(loader(args(path)));
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("Location"), path).toBe(`/auth?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("reads only the signed-in organiser's own events, sales, bookings and attendees", async () => {
    const ada = await as();
    const bob = await as();
    const own = await createEvent(t.db, { userId: ada.account.id, title: "Ada's Gig", pricePence: 1500 });
    const theirs = await createEvent(t.db, { userId: bob.account.id, title: "Bob's Gig", pricePence: 1500 });
    await createBooking(t.db, { eventId: own.id, quantity: 1, name: "Grace Hopper" });
    await createBooking(t.db, { eventId: theirs.id, quantity: 2, name: "Alan Turing", userId: ada.account.id });

    const events = body(await myEvents.loader(args("/dashboard", ada.client))).events as { title: string }[];
    expect(events.map((event) => event.title)).toEqual(["Ada's Gig"]);

    const figures = body(await sales.loader(args("/dashboard/sales", ada.client))).sales as { perEvent: { title: string }[] };
    expect(figures.perEvent.map((row) => row.title)).toEqual(["Ada's Gig"]);

    // My Bookings are the ones Ada bought, on anyone's events.
    const bought = body(await bookingsSection.loader(args("/dashboard/bookings", ada.client))).bookings as { eventTitle: string }[];
    expect(bought.map((booking) => booking.eventTitle)).toEqual(["Bob's Gig"]);

    // Asking for Bob's event by its id shows Ada's own event instead: never Bob's attendees.
    const section = body(await attendees.loader(args(`/dashboard/attendees?event=${theirs.id}`, ada.client)));
    expect(section.chosenId).toBe(own.id);
    expect((section.attendees as { attendees: { name: string }[] }).attendees.map((attendee) => attendee.name)).toEqual(["Grace Hopper"]);
    expect(section.refundRequestEmails).toBe("each");

    const money = body(await payouts.loader(args("/dashboard/payouts", ada.client)));
    expect(money.statements).toMatchObject({ events: [], payouts: [] });
  });
});

describe("the frame's seller-details notice (issue 34)", () => {
  it("shows while the organiser has a paid event on sale and no seller details, never for free or cancelled events", async () => {
    const account = await createAccount(t.db, { password: TEST_PASSWORD, seller: null });
    const client = new AuthClient(t.app, t.config.publicUrl, "198.18.250.1");
    expect((await client.post("/api/auth/sign-in/email", { email: account.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const notice = async () => body(await frame.loader(args("/dashboard", client))).paidEventsWaiting;

    await createEvent(t.db, { userId: account.id, pricePence: 0 });
    await createEvent(t.db, { userId: account.id, pricePence: 1500, status: "cancelled" });
    expect(await notice()).toBe(false);
    await createEvent(t.db, { userId: account.id, pricePence: 1500 });
    expect(await notice()).toBe(true);

    // With seller details, nothing is held back.
    const complete = await as();
    await createEvent(t.db, { userId: complete.account.id, pricePence: 1500 });
    expect(body(await frame.loader(args("/dashboard", complete.client))).paidEventsWaiting).toBe(false);
  });
});

describe("the sections' actions", () => {
  it("refuse to check in, or cancel, another organiser's ticket or event, in the JSON API's words", async () => {
    const ada = await as();
    const bob = await as();
    const theirs = await createEvent(t.db, { userId: bob.account.id, title: "Bob's Gig" });
    const booking = await createBooking(t.db, { eventId: theirs.id, quantity: 1 });
    const [ticket] = await t.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.bookingId, booking.id));

    // Check-in is of one ticket, from its row (issue 36).
    const checkIn = await attendees.action(args("/dashboard/attendees", ada.client, { intent: "check-in", ticketId: ticket!.id }));
    const api = await ada.client.post(`/api/tickets/${ticket!.id}/check-in`, {});
    expect(status(checkIn)).toBe(404);
    expect(api.statusCode).toBe(404);
    expect(body(checkIn)).toEqual({ intent: "check-in", refused: { status: 404, message: api.json().error.message } });

    const cancel = await myEvents.action(args("/dashboard?index", ada.client, { intent: "cancel", eventId: theirs.id, reason: "Not mine" }));
    const cancelApi = await ada.client.post(`/api/events/${theirs.id}/cancel`, { reason: "Not mine" });
    expect(status(cancel)).toBe(cancelApi.statusCode);
    expect(body(cancel)).toEqual({ intent: "cancel", eventId: theirs.id, refused: { status: cancelApi.statusCode, message: cancelApi.json().error.message } });

    // Bob's event is as it was; Bob himself may check his attendee in.
    expect(body(await myEvents.loader(args("/dashboard", bob.client))).events).toMatchObject([{ title: "Bob's Gig", status: "active" }]);
    const own = await attendees.action(args("/dashboard/attendees", bob.client, { intent: "check-in", ticketId: ticket!.id }));
    expect(body(own)).toMatchObject({ intent: "check-in", checkIn: { bookingId: booking.id, ticketId: ticket!.id, alreadyCheckedIn: false } });
  });

  it("sends a signed-out post to sign in", async () => {
    const answer = await thrown(attendees.action(args("/dashboard/attendees", undefined, { intent: "check-in", ticketId: "k1" })));
    expect(answer.headers.get("Location")).toBe(`/auth?redirect=${encodeURIComponent("/dashboard/attendees")}`);
  });
});
