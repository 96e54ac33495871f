import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { latestMessage, linkIn, type AuthClient } from "../../../test/auth-client";
import { createBooking, createEvent, FUTURE } from "../../../test/fixtures";
import {
  expectHandled,
  hostileCookie,
  hostileJsonBody,
  hostilePathSegment,
  hostileQuery,
  jsonBody,
  mutatedBody,
  nastyString,
  nastyValue,
  nextIp,
  registeredRoutes,
  storedRows,
  type Outcome,
  type RawBody,
} from "../../../test/hostile-input";
import { eventForm, eventInput, signInAs } from "../../../test/organiser";
import { generateWalletTestIdentity } from "../providers/wallet/test-identity";
import { walletTestEnv } from "../../../test/wallet-env";
import { checkInLists, orders, tickets } from "../db/schema";

/**
 * Every API route's input, attacked with random and hostile values (property-based, fast-check): the
 * server answers a 2xx or a 4xx in the API's error shape, never a 5xx, and stores nothing it refused.
 * better-auth's routes are attacked in input-properties.auth.test.ts.
 */

type Who = "anonymous" | "forged-cookie" | "user" | "organiser" | "admin";

interface HostileRequest {
  url: string;
  body?: RawBody;
  headers?: Record<string, string>;
}

interface Endpoint {
  route: string;
  who: Who[];
  request: () => fc.Arbitrary<HostileRequest>;
  outcome?: Outcome;
  numRuns?: number;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
const clients = {} as Record<"user" | "organiser" | "admin", AuthClient>;
const ids = {} as {
  event: string;
  soldEvent: string;
  othersEvent: string;
  booking: string;
  /** The second ticket of `booking` (issue 36). */
  ticket: string;
  refundBooking: string;
  requestBooking: string;
  refundRequest: string;
  ticketCode: string;
  sessionId: string;
  username: string;
  userEmail: string;
  order: string;
  /** The organiser's code for `event` (issue 37). */
  code: string;
  /** The organiser's door link for `event` (issue 38), its secret, and an invitation's token. */
  doorAccess: string;
  doorSecret: string;
  doorToken: string;
  /** `event`'s default check-in list (issue 38). */
  checkInList: string;
};

/** Wallet passes configured (a test identity), so their routes are attacked past "not configured"; Google's API is not reachable. */
const wallet = generateWalletTestIdentity();
const WALLET_ENV = walletTestEnv(wallet);

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV, { workers: false });
  const origin = t.config.publicUrl;
  const user = await signInAs(t.app, t.db, origin, "user");
  const organiser = await signInAs(t.app, t.db, origin, "user");
  const other = await signInAs(t.app, t.db, origin, "user");
  clients.user = user.client;
  clients.organiser = organiser.client;
  clients.admin = (await signInAs(t.app, t.db, origin, "admin")).client;
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 1_000_000 });
  const soldEvent = await createEvent(t.db, { userId: organiser.account.id, pricePence: 0 });
  const othersEvent = await createEvent(t.db, { userId: other.account.id, pricePence: 900 });
  const booking = await createBooking(t.db, { eventId: soldEvent.id, quantity: 2, userId: user.account.id });
  const refundBooking = await createBooking(t.db, { eventId: soldEvent.id, quantity: 20, userId: user.account.id });
  const requestBooking = await createBooking(t.db, { eventId: soldEvent.id, quantity: 20, userId: user.account.id });
  const answeredBooking = await createBooking(t.db, { eventId: soldEvent.id, quantity: 20, userId: user.account.id });
  const asked = await user.client.post(`/api/me/bookings/${answeredBooking.id}/refund-request`, { reason: "Cannot come" });
  expect(asked.statusCode).toBe(200);
  const checkout = await user.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
  expect(checkout.statusCode).toBe(200);
  // A paid order of the user's, whose receipt the receipt routes look up.
  const bought = await user.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: othersEvent.id, ticketQuantity: 1 });
  expect(bought.statusCode).toBe(200);
  expect((await user.client.post(`/api/checkout/test/${bought.json().sessionId}/pay`)).statusCode).toBe(200);
  const [paidOrder] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.sessionId, bought.json().sessionId));
  // The signing key is made on first use; made here, it is not mistaken for a refused request's row.
  expect((await t.app.inject({ method: "GET", url: "/api/tickets/keys" })).statusCode).toBe(200);
  const code = await organiser.client.post("/api/codes", { code: "PROPERTY-10", eventId: event.id, effect: "percent", value: 10 });
  expect(code.statusCode, code.body).toBe(201);
  const doorLink = await organiser.client.post("/api/door-team/links", { name: "North door", eventIds: [event.id], pin: "2468" });
  expect(doorLink.statusCode, doorLink.body).toBe(201);
  const invitation = await organiser.client.post("/api/door-team/staff", { email: user.account.email, eventIds: [event.id] });
  expect(invitation.statusCode, invitation.body).toBe(201);
  const invitationMail = await latestMessage(t.db, user.account.email, (message) => (message.subject ?? "").includes("door team"));
  Object.assign(ids, {
    doorAccess: doorLink.json().access.id,
    doorSecret: new URL(doorLink.json().url).pathname.split("/").pop(),
    doorToken: new URL(linkIn(invitationMail, "/door/invitations/")).pathname.split("/").pop(),
    code: code.json().id,
    event: event.id,
    soldEvent: soldEvent.id,
    othersEvent: othersEvent.id,
    booking: booking.id,
    ticket: (await t.db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.bookingId, booking.id), eq(tickets.position, 2))))[0]!.id,
    refundBooking: refundBooking.id,
    requestBooking: requestBooking.id,
    refundRequest: asked.json().requestId,
    ticketCode: booking.ticketCode,
    sessionId: checkout.json().sessionId,
    username: user.account.username!,
    userEmail: user.account.email,
    order: paidOrder!.id,
    checkInList: (await t.db.select({ id: checkInLists.id }).from(checkInLists).where(eq(checkInLists.eventId, event.id)))[0]!.id,
  });
});
afterAll(async () => t?.close());

const WHO_ANYONE: Who[] = ["anonymous", "forged-cookie", "user", "organiser", "admin"];
const WHO_SIGNED_IN: Who[] = ["forged-cookie", "user", "organiser", "admin"];

/** A path segment: hostile, or (so the code behind the lookup runs too) one of the real ids. */
const segment = (...real: (() => string)[]) => fc.oneof({ weight: 3, arbitrary: hostilePathSegment }, { weight: 1, arbitrary: fc.constantFrom(...real).map((id) => id()) });

const queryOnly =
  (path: string, names: string[] = ["q"], valid: () => Record<string, string> = () => ({})) =>
  () =>
    hostileQuery(names, valid()).map((query) => ({ url: `${path}${query}` }));

/** A multipart body with the given parts (text fields and files), or the same made wrong. */
function multipart(parts: { name: string; value: string | Buffer; filename?: string; contentType?: string }[], boundary = "----hostile") {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ""}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ""}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/svg+xml", "text/html", "application/octet-stream", ""];
const garbageFile = fc.record({
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
      Buffer.from("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\xff\xff\0\0\xff\xff\x08\x06\0\0\0", "latin1"),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
      Buffer.from("RIFF\0\0\0\0WEBPVP8 "),
      Buffer.alloc(0),
    ),
  ),
  filename: fc.oneof(nastyString, fc.constantFrom("a.png", "../../x.png", "a.php.jpg", "")),
  contentType: fc.constantFrom(...IMAGE_TYPES),
});

/** Broken multipart bodies: a bad boundary, a truncated stream, a part without headers. */
const brokenMultipart = fc.constantFrom<RawBody>(
  { payload: "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nabc", contentType: "multipart/form-data; boundary=x" },
  { payload: "garbage", contentType: "multipart/form-data" },
  { payload: "--x--\r\n", contentType: "multipart/form-data; boundary=x" },
  { payload: "--y\r\n\r\n\r\n--y--", contentType: "multipart/form-data; boundary=y" },
  { payload: "", contentType: "multipart/form-data; boundary=x" },
);

const validEvent = () => eventInput({ title: "Property Night", endTime: null }) as unknown as Record<string, unknown>;

/** The create/edit form's body: hostile JSON, or multipart with a hostile 'event' field and a garbage image. */
const eventSubmission = () =>
  fc.oneof(
    { weight: 3, arbitrary: hostileJsonBody(validEvent()) },
    {
      weight: 3,
      arbitrary: fc.tuple(mutatedBody(validEvent()), fc.option(garbageFile)).map(([input, image]) =>
        eventForm(input, image ? { bytes: image.bytes, filename: image.filename.replace(/["\r\n]/g, ""), contentType: image.contentType || "image/png" } : undefined),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(nastyString, fc.constantFrom("event", "image", "other")).map(([text, name]) => multipart([{ name, value: text }])),
    },
    { weight: 1, arbitrary: brokenMultipart },
  );

const checkInsBody = () =>
  fc.oneof(
    hostileJsonBody({ checkIns: [{ ticketId: ids.ticketCode, checkedInAt: FUTURE.toISOString() }] }),
    fc.array(mutatedBody({ ticketId: ids.ticketCode, checkedInAt: FUTURE.toISOString() }), { maxLength: 4 }).map((checkIns) => jsonBody({ checkIns })),
  );

const createPaymentBody = () =>
  fc.oneof(
    hostileJsonBody({ eventId: ids.event, eventTitle: "Cheap", ticketPrice: 0.01, ticketQuantity: 1, attendeeName: "Ada Lovelace", affiliateCode: null }),
    hostileJsonBody({ items: [{ eventId: ids.event, ticketQuantity: 1 }], attendeeName: "Ada Lovelace", affiliateCode: null }),
    fc.array(mutatedBody({ eventId: ids.othersEvent, ticketQuantity: 2 }), { maxLength: 25 }).map((items) => jsonBody({ items, attendeeName: "Ada Lovelace" })),
  );

const ENDPOINTS: Endpoint[] = [
  {
    route: "GET /api/events",
    who: ["anonymous", "forged-cookie"],
    request: queryOnly("/api/events", ["q", "category", "price", "sort", "organiser", "page", "pageSize"], () => ({
      q: "quiz night",
      category: "music",
      price: "under-25",
      sort: "price-low",
      organiser: ids.username,
      page: "2",
      pageSize: "5",
    })),
  },
  {
    route: "GET /api/events/:id",
    who: ["anonymous"],
    request: () => fc.tuple(segment(() => ids.event), hostileQuery(["code"], { code: "property-10" })).map(([id, query]) => ({ url: `/api/events/${id}${query}` })),
  },
  { route: "GET /api/events/:id/similar", who: ["anonymous"], request: () => segment(() => ids.event).map((id) => ({ url: `/api/events/${id}/similar` })) },
  { route: "GET /api/categories", who: ["anonymous"], request: queryOnly("/api/categories") },
  { route: "GET /api/stats", who: ["anonymous"], request: queryOnly("/api/stats") },
  { route: "GET /api/profiles/:username", who: ["anonymous"], request: () => segment(() => ids.username).map((name) => ({ url: `/api/profiles/${name}` })) },
  { route: "GET /api/assistant", who: ["anonymous"], request: queryOnly("/api/assistant") },
  { route: "GET /api/affiliates/lookup", who: ["anonymous"], request: queryOnly("/api/affiliates/lookup", ["code"], () => ({ code: "ABCD2345" })) },
  { route: "GET /api/dev/mailbox", who: ["anonymous"], request: queryOnly("/api/dev/mailbox", ["to", "limit"], () => ({ to: ids.userEmail, limit: "3" })) },
  {
    route: "GET /api/dev/mailbox/:messageId/attachments/:index",
    who: ["anonymous"],
    request: () =>
      fc
        .tuple(segment(() => "5f2b7c1e-8d4a-4c3b-9e6f-0a1b2c3d4e5f"), segment(() => "0", () => "1"))
        .map(([messageId, index]) => ({ url: `/api/dev/mailbox/${messageId}/attachments/${index}` })),
  },
  { route: "GET /api/tickets/keys", who: ["anonymous"], request: queryOnly("/api/tickets/keys") },
  {
    route: "GET /api/tickets/:code/qr.png",
    who: ["anonymous"],
    request: () => fc.tuple(segment(() => ids.ticketCode), hostileQuery(["kid", "sig"])).map(([code, query]) => ({ url: `/api/tickets/${code}/qr.png${query}` })),
  },
  { route: "GET /api/me", who: WHO_ANYONE, request: queryOnly("/api/me") },
  { route: "GET /api/me/profile", who: WHO_ANYONE, request: queryOnly("/api/me/profile") },
  {
    route: "PUT /api/me/profile",
    who: WHO_SIGNED_IN,
    request: () => hostileJsonBody({
        username: "prop_user",
        displayName: "Prop",
        bio: "Hello",
        location: "Leeds",
        website: "https://example.test",
        avatarUrl: null,
        businessName: "Prop Events Ltd",
        businessAddress: "1 Briggate\nLeeds LS1 6HD",
        vatNumber: "GB980780684",
      }).map((body) => ({ url: "/api/me/profile", body })),
  },
  {
    route: "POST /api/me/avatar",
    who: WHO_SIGNED_IN,
    request: () =>
      fc
        .oneof(
          fc.tuple(garbageFile, fc.constantFrom("file", "image", "avatar")).map(([file, name]) =>
            multipart([{ name, value: file.bytes, filename: file.filename.replace(/["\r\n]/g, ""), contentType: file.contentType }]),
          ),
          brokenMultipart,
          hostileJsonBody({ file: "x" }),
        )
        .map((body) => ({ url: "/api/me/avatar", body })),
  },
  { route: "GET /api/me/affiliate", who: WHO_ANYONE, request: queryOnly("/api/me/affiliate") },
  { route: "POST /api/me/affiliate", who: WHO_ANYONE, request: () => nastyValue.map((value) => ({ url: "/api/me/affiliate", body: jsonBody(value) })), outcome: { ok: [201] } },
  { route: "POST /api/me/affiliate/codes", who: WHO_ANYONE, request: () => nastyValue.map((value) => ({ url: "/api/me/affiliate/codes", body: jsonBody(value) })), outcome: { ok: [201] } },
  { route: "GET /api/me/notice-settings", who: WHO_ANYONE, request: queryOnly("/api/me/notice-settings") },
  { route: "PUT /api/me/notice-settings", who: WHO_SIGNED_IN, request: () => hostileJsonBody({ refundRequestEmails: "daily" }).map((body) => ({ url: "/api/me/notice-settings", body })) },
  { route: "GET /api/me/events", who: WHO_ANYONE, request: queryOnly("/api/me/events") },
  { route: "GET /api/me/sales", who: WHO_ANYONE, request: queryOnly("/api/me/sales") },
  { route: "GET /api/me/bookings", who: WHO_ANYONE, request: queryOnly("/api/me/bookings") },
  { route: "GET /api/me/tickets", who: WHO_ANYONE, request: queryOnly("/api/me/tickets") },
  {
    route: "GET /api/me/tickets/:bookingId/calendar.ics",
    who: WHO_ANYONE,
    request: () => segment(() => ids.booking).map((id) => ({ url: `/api/me/tickets/${id}/calendar.ics` })),
  },
  { route: "GET /api/admin/organisers", who: WHO_ANYONE, request: queryOnly("/api/admin/organisers") },
  { route: "GET /api/codes", who: WHO_ANYONE, request: queryOnly("/api/codes", ["eventId"], () => ({ eventId: ids.event })) },
  { route: "POST /api/codes", who: WHO_ANYONE, request: () => hostileJsonBody({ code: "SPRING", eventId: ids.event, effect: "percent", value: 20 }).map((body) => ({ url: "/api/codes", body })), outcome: { ok: [201] } },
  {
    route: "PATCH /api/codes/:id",
    who: ["forged-cookie", "user", "organiser"],
    request: () => fc.tuple(segment(() => ids.code), hostileJsonBody({ value: 15 })).map(([id, body]) => ({ url: `/api/codes/${id}`, body })),
  },
  {
    // The organiser and admins may delete the code, so they are left out: every request here must be refused.
    route: "DELETE /api/codes/:id",
    who: ["anonymous", "forged-cookie", "user"],
    request: () => segment(() => ids.code).map((id) => ({ url: `/api/codes/${id}` })),
    outcome: { ok: [] },
  },
  {
    route: "POST /api/codes/generate",
    who: WHO_ANYONE,
    request: () => fc.tuple(hostileQuery(["format"], { format: "csv" }), hostileJsonBody({ count: 3, eventId: ids.event, effect: "none" })).map(([query, body]) => ({ url: `/api/codes/generate${query}`, body })),
    outcome: { ok: [201] },
  },
  // The waiting list (issue 37): `ids.event` is not sold out, so a join is refused; an event id is no entry's.
  {
    route: "POST /api/events/:id/waiting-list",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.event, () => ids.othersEvent), hostileJsonBody({ ticketTypeId: null })).map(([id, body]) => ({ url: `/api/events/${id}/waiting-list`, body })),
    outcome: { ok: [] },
  },
  { route: "GET /api/me/waiting-list", who: WHO_ANYONE, request: queryOnly("/api/me/waiting-list") },
  { route: "GET /api/door/guests", who: WHO_ANYONE, request: queryOnly("/api/door/guests", ["q", "eventId"], () => ({ q: "Ada", eventId: ids.event })) },
  {
    route: "DELETE /api/me/waiting-list/:entryId",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event).map((id) => ({ url: `/api/me/waiting-list/${id}` })),
    outcome: { ok: [] },
  },
  {
    route: "GET /api/events/:id/waiting-list",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/waiting-list` })),
  },
  {
    route: "PATCH /api/events/:id/waiting-list",
    who: ["forged-cookie", "user", "organiser"],
    request: () => fc.tuple(segment(() => ids.event), hostileJsonBody({ offerHours: 12 })).map(([id, body]) => ({ url: `/api/events/${id}/waiting-list`, body })),
  },
  {
    route: "POST /api/events/:id/waiting-list/:entryId/offer",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.event), segment(() => ids.event)).map(([id, entryId]) => ({ url: `/api/events/${id}/waiting-list/${entryId}/offer` })),
    outcome: { ok: [] },
  },
  // The door (issue 38): check-in lists, the door's opening time, the scan log and the door figures.
  {
    route: "GET /api/events/:id/check-in-lists",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/check-in-lists` })),
  },
  {
    route: "POST /api/events/:id/check-in-lists",
    who: ["forged-cookie", "user", "organiser"],
    request: () => fc.tuple(segment(() => ids.event), hostileJsonBody({ name: "Side door", ticketTypeIds: [], opensAt: null, allowReentry: true })).map(([id, body]) => ({ url: `/api/events/${id}/check-in-lists`, body })),
    outcome: { ok: [201] },
  },
  {
    route: "PATCH /api/check-in-lists/:id",
    who: ["forged-cookie", "user", "organiser"],
    request: () => fc.tuple(segment(() => ids.checkInList), hostileJsonBody({ name: "Main door", closesAt: null })).map(([id, body]) => ({ url: `/api/check-in-lists/${id}`, body })),
  },
  {
    // The default list is never deleted, by anyone.
    route: "DELETE /api/check-in-lists/:id",
    who: WHO_ANYONE,
    request: () => segment(() => ids.checkInList).map((id) => ({ url: `/api/check-in-lists/${id}` })),
    outcome: { ok: [] },
  },
  {
    route: "GET /api/events/:id/door",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/door` })),
  },
  {
    route: "PATCH /api/events/:id/door",
    who: ["forged-cookie", "user", "organiser"],
    request: () => fc.tuple(segment(() => ids.event), hostileJsonBody({ doorOpensMinutesBefore: 120 })).map(([id, body]) => ({ url: `/api/events/${id}/door`, body })),
  },
  {
    route: "GET /api/events/:id/scans",
    who: WHO_ANYONE,
    request: () =>
      fc
        .tuple(segment(() => ids.event, () => ids.othersEvent), hostileQuery(["result", "who", "list", "cursor", "format"], { result: "refused", format: "json" }))
        .map(([id, query]) => ({ url: `/api/events/${id}/scans${query}` })),
  },
  {
    route: "GET /api/events/:id/door-figures",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.event, () => ids.othersEvent), hostileCookie).map(([id, door]) => ({ url: `/api/events/${id}/door-figures`, headers: { cookie: `eventora_door=${door}` } })),
  },
  { route: "POST /api/events", who: ["anonymous", "forged-cookie", "organiser"], request: () => eventSubmission().map((body) => ({ url: "/api/events", body })), outcome: { ok: [201] } },
  {
    route: "GET /api/events/:id/edit",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/edit` })),
  },
  {
    route: "PATCH /api/events/:id",
    who: ["forged-cookie", "user", "organiser"],
    request: () =>
      fc.tuple(segment(() => ids.event, () => ids.othersEvent), eventSubmission()).map(([id, body]) => ({ url: `/api/events/${id}`, body })),
  },
  {
    // Admins may delete any event, so they are left out: every request here must be refused.
    route: "DELETE /api/events/:id",
    who: ["anonymous", "forged-cookie", "user", "organiser"],
    request: () =>
      fc.tuple(segment(() => ids.soldEvent, () => ids.othersEvent), fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/events/${id}`, body: value === null ? undefined : jsonBody(value) })),
    outcome: { ok: [] },
  },
  {
    // Cancelling is for good: only those it must refuse are here (the organiser's own cancel is in event-lifecycle.test.ts).
    route: "POST /api/events/:id/cancel",
    who: ["anonymous", "forged-cookie", "user"],
    request: () => fc.tuple(segment(() => ids.event, () => ids.othersEvent), hostileJsonBody({ reason: "The venue flooded." })).map(([id, body]) => ({ url: `/api/events/${id}/cancel`, body })),
    outcome: { ok: [] },
  },
  {
    route: "GET /api/events/:id/cancellation",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/cancellation` })),
  },
  {
    route: "POST /api/events/:id/postpone",
    who: ["anonymous", "forged-cookie", "user", "organiser"],
    request: () =>
      fc.tuple(segment(() => ids.event, () => ids.othersEvent), hostileJsonBody({ dateTime: "2095-07-14T19:30:00+01:00" })).map(([id, body]) => ({ url: `/api/events/${id}/postpone`, body })),
  },
  {
    route: "GET /api/events/:id/attendees",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.soldEvent, () => ids.othersEvent), hostileQuery(["format"], { format: "csv" })).map(([id, query]) => ({ url: `/api/events/${id}/attendees${query}` })),
  },
  {
    route: "GET /api/events/:id/check-in-list",
    who: WHO_ANYONE,
    request: () => segment(() => ids.soldEvent, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/check-in-list` })),
  },
  {
    route: "GET /api/events/:id/check-in-counts",
    who: WHO_ANYONE,
    request: () => segment(() => ids.soldEvent, () => ids.othersEvent).map((id) => ({ url: `/api/events/${id}/check-in-counts` })),
  },
  {
    route: "POST /api/events/:id/check-ins",
    who: WHO_SIGNED_IN,
    request: () => fc.tuple(segment(() => ids.soldEvent, () => ids.othersEvent), checkInsBody()).map(([id, body]) => ({ url: `/api/events/${id}/check-ins`, body })),
  },
  {
    route: "POST /api/bookings/:id/check-in",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.booking), fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/bookings/${id}/check-in`, body: value === null ? undefined : jsonBody(value) })),
  },
  {
    route: "POST /api/tickets/:id/check-in",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.ticket), fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/tickets/${id}/check-in`, body: value === null ? undefined : jsonBody(value) })),
  },
  ...(["apple", "google"] as const).flatMap((kind): Endpoint[] => [
    // Google's answer is a redirect to its save page (303).
    { route: `GET /api/me/wallet-passes/:ticketId/${kind}`, who: WHO_ANYONE, request: () => segment(() => ids.ticket).map((id) => ({ url: `/api/me/wallet-passes/${id}/${kind}` })), outcome: { ok: [kind === "apple" ? 200 : 303] } },
    {
      route: `GET /api/tickets/:code/wallet/${kind}`,
      who: ["anonymous"],
      request: () => fc.tuple(segment(() => ids.ticketCode), hostileQuery(["kid", "sig"])).map(([code, query]) => ({ url: `/api/tickets/${code}/wallet/${kind}${query}` })),
      outcome: { ok: [] },
    },
  ]),
  ...(["POST", "DELETE"] as const).map(
    (method): Endpoint => ({
      route: `${method} /api/wallet/apple/v1/devices/:deviceLibraryId/registrations/:passTypeId/:serialNumber`,
      who: ["anonymous"],
      request: () =>
        fc
          .tuple(hostilePathSegment, segment(() => wallet.passTypeId), hostilePathSegment, nastyString, hostileJsonBody({ pushToken: "a".repeat(64) }))
          .map(([device, type, serial, token, body]) => ({ url: `/api/wallet/apple/v1/devices/${device}/registrations/${type}/${serial}`, body, headers: { authorization: `ApplePass ${token.replace(/[\r\n]/g, "")}` } })),
      outcome: { ok: [] },
    }),
  ),
  {
    route: "GET /api/wallet/apple/v1/devices/:deviceLibraryId/registrations/:passTypeId",
    who: ["anonymous"],
    request: () => fc.tuple(hostilePathSegment, segment(() => wallet.passTypeId), hostileQuery(["passesUpdatedSince"])).map(([device, type, query]) => ({ url: `/api/wallet/apple/v1/devices/${device}/registrations/${type}${query}` })),
    // No device is registered: "nothing to update" (204) is the answer PassKit expects.
    outcome: { ok: [204] },
  },
  {
    route: "GET /api/wallet/apple/v1/passes/:passTypeId/:serialNumber",
    who: ["anonymous"],
    request: () => fc.tuple(segment(() => wallet.passTypeId), hostilePathSegment).map(([type, serial]) => ({ url: `/api/wallet/apple/v1/passes/${type}/${serial}` })),
    outcome: { ok: [] },
  },
  { route: "POST /api/wallet/apple/v1/log", who: ["anonymous"], request: () => hostileJsonBody({ logs: ["a line"] }).map((body) => ({ url: "/api/wallet/apple/v1/log", body })) },
  {
    route: "POST /api/door/tickets/:id/check-in",
    who: WHO_ANYONE,
    request: () =>
      fc
        .tuple(segment(() => ids.ticket), hostileJsonBody({ listId: "00000000-0000-4000-8000-000000000000", direction: "in", confirm: false, deviceId: "door-1", nonce: "n-1" }))
        .map(([id, body]) => ({ url: `/api/door/tickets/${id}/check-in`, body })),
  },
  {
    route: "POST /api/me/tickets/:ticketId/transfer",
    who: WHO_ANYONE,
    request: () =>
      fc.tuple(segment(() => ids.ticket), hostileJsonBody({ name: "Grace Hopper", email: "grace@example.test" })).map(([id, body]) => ({ url: `/api/me/tickets/${id}/transfer`, body })),
  },
  {
    route: "PATCH /api/tickets/:ticketId",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.ticket), hostileJsonBody({ attendeeName: "Ada King", attendeeEmail: "ada@example.test" })).map(([id, body]) => ({ url: `/api/tickets/${id}`, body })),
  },
  {
    route: "POST /api/bookings/:id/refunds",
    who: WHO_ANYONE,
    request: () =>
      fc.tuple(segment(() => ids.refundBooking), hostileJsonBody({ quantity: 1, reason: "Cannot come", requestKey: "hostile-refund-key" })).map(([id, body]) => ({ url: `/api/bookings/${id}/refunds`, body })),
  },
  {
    route: "POST /api/me/bookings/:id/refund-request",
    who: WHO_ANYONE,
    request: () =>
      fc.tuple(segment(() => ids.requestBooking), hostileJsonBody({ reason: "Cannot come" })).map(([id, body]) => ({ url: `/api/me/bookings/${id}/refund-request`, body })),
  },
  { route: "GET /api/receipts/:orderId", who: WHO_ANYONE, request: () => segment(() => ids.order).map((id) => ({ url: `/api/receipts/${id}` })) },
  { route: "GET /api/receipts/:orderId.pdf", who: WHO_ANYONE, request: () => segment(() => ids.order).map((id) => ({ url: `/api/receipts/${id}.pdf` })) },
  {
    route: "GET /api/receipts/:orderId/vat-invoices",
    who: WHO_ANYONE,
    request: () => segment(() => ids.order).map((id) => ({ url: `/api/receipts/${id}/vat-invoices` })),
  },
  {
    route: "POST /api/receipts/:orderId/vat-invoices",
    who: WHO_ANYONE,
    request: () =>
      fc
        .tuple(segment(() => ids.order), hostileJsonBody({ name: "Ada Lovelace", address: "1 Briggate\nLeeds LS1 6HD" }))
        .map(([id, body]) => ({ url: `/api/receipts/${id}/vat-invoices`, body })),
  },
  {
    route: "GET /api/receipts/:orderId/vat-invoices/:invoiceId.pdf",
    who: WHO_ANYONE,
    request: () =>
      fc
        .tuple(segment(() => ids.order), segment(() => "5f2b7c1e-8d4a-4c3b-9e6f-0a1b2c3d4e5f"))
        .map(([id, invoiceId]) => ({ url: `/api/receipts/${id}/vat-invoices/${invoiceId}.pdf` })),
  },
  {
    route: "GET /api/receipts/:orderId/vat-credit-notes/:creditNoteId.pdf",
    who: WHO_ANYONE,
    request: () =>
      fc
        .tuple(segment(() => ids.order), segment(() => "5f2b7c1e-8d4a-4c3b-9e6f-0a1b2c3d4e5f"))
        .map(([id, noteId]) => ({ url: `/api/receipts/${id}/vat-credit-notes/${noteId}.pdf` })),
  },
  { route: "GET /api/me/export", who: WHO_ANYONE, request: queryOnly("/api/me/export") },
  {
    // The template's e-mail is no caller's own, so no mutation of it confirms an erasure: every answer is a refusal.
    route: "POST /api/me/erase",
    who: WHO_ANYONE,
    request: () => hostileJsonBody({ email: "not-the-account@example.test", password: "not-the-password" }).map((body) => ({ url: "/api/me/erase", body })),
    outcome: { ok: [] },
  },
  { route: "GET /api/refund-requests", who: WHO_ANYONE, request: queryOnly("/api/refund-requests", ["status"], () => ({ status: "pending" })) },
  {
    route: "POST /api/refund-requests/:id/approve",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.refundRequest), fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/refund-requests/${id}/approve`, body: value === null ? undefined : jsonBody(value) })),
  },
  {
    route: "POST /api/refund-requests/:id/decline",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.refundRequest), hostileJsonBody({ note: "Sorry, no refunds this close to the event." })).map(([id, body]) => ({ url: `/api/refund-requests/${id}/decline`, body })),
  },
  { route: "GET /api/payouts/statements", who: WHO_ANYONE, request: queryOnly("/api/payouts/statements") },
  {
    route: "GET /api/payouts/statements/:eventId",
    who: WHO_ANYONE,
    request: () => segment(() => ids.event, () => ids.othersEvent).map((id) => ({ url: `/api/payouts/statements/${id}` })),
  },
  { route: "GET /api/payouts/statements.csv", who: WHO_ANYONE, request: queryOnly("/api/payouts/statements.csv") },
  { route: "GET /api/payouts/payouts.csv", who: WHO_ANYONE, request: queryOnly("/api/payouts/payouts.csv") },
  {
    route: "GET /api/payouts/fee-statements/:file",
    who: WHO_ANYONE,
    request: () =>
      fc
        .oneof(hostilePathSegment, fc.constantFrom("2090-06.pdf", "2026-11.pdf", "2026-13.pdf", "2026-11", "..%2F2026-11.pdf"))
        .map((file) => ({ url: `/api/payouts/fee-statements/${file}` })),
  },
  { route: "GET /api/payouts/account", who: WHO_ANYONE, request: queryOnly("/api/payouts/account") },
  {
    route: "POST /api/payouts/account/onboarding",
    who: WHO_ANYONE,
    request: () => fc.option(nastyValue).map((value) => ({ url: "/api/payouts/account/onboarding", body: value === null ? undefined : jsonBody(value) })),
  },
  { route: "GET /api/tickets/lookup", who: WHO_ANYONE, request: queryOnly("/api/tickets/lookup", ["identifier"], () => ({ identifier: ids.ticketCode })) },
  // Signed in, the stream never ends (app.inject would wait for it); the refusals are what is attacked here.
  { route: "GET /api/realtime/bookings", who: ["anonymous", "forged-cookie"], request: queryOnly("/api/realtime/bookings", ["lastEventId"]) },
  // The same for an event's door stream, with a forged door link cookie too.
  {
    route: "GET /api/realtime/door/:eventId",
    who: ["anonymous", "forged-cookie"],
    request: () => fc.tuple(segment(() => ids.event, () => ids.othersEvent), hostileCookie).map(([id, door]) => ({ url: `/api/realtime/door/${id}`, headers: { cookie: `eventora_door=${door}` } })),
  },
  {
    route: "POST /api/functions/send-ticket-email",
    who: ["anonymous", "forged-cookie", "user"],
    request: () => hostileJsonBody({ bookingId: "TCKT-2090-ABCDEF12", provider: "smtp" }).map((body) => ({ url: "/api/functions/send-ticket-email", body })),
  },
  {
    route: "POST /api/functions/send-test-email",
    who: WHO_SIGNED_IN,
    request: () => hostileJsonBody({ toEmail: ids.userEmail, subject: "Test", htmlContent: "<p>Hello</p>" }).map((body) => ({ url: "/api/functions/send-test-email", body })),
  },
  {
    route: "POST /api/functions/check-ticket",
    who: WHO_ANYONE,
    request: () =>
      fc
        .oneof(hostileJsonBody({ ticketId: ids.ticketCode, checkIn: false }), hostileJsonBody({ qr: JSON.stringify({ ticketId: ids.ticketCode, kid: "x", sig: "y" }), checkIn: true }))
        .map((body) => ({ url: "/api/functions/check-ticket", body })),
  },
  {
    route: "POST /api/functions/chat-completion",
    who: ["anonymous", "user"],
    request: () => hostileJsonBody({ message: "Any comedy in Leeds this weekend?" }).map((body) => ({ url: "/api/functions/chat-completion", body })),
  },
  {
    route: "POST /api/functions/speech-to-text",
    who: ["anonymous", "user"],
    request: () => hostileJsonBody({ audio: "GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYEC" }).map((body) => ({ url: "/api/functions/speech-to-text", body })),
    outcome: { allowed5xx: ["AI_UNAVAILABLE"] },
  },
  {
    route: "POST /api/functions/text-to-speech",
    who: ["anonymous", "user"],
    request: () => hostileJsonBody({ text: "Hello", voice: "alloy" }).map((body) => ({ url: "/api/functions/text-to-speech", body })),
    outcome: { allowed5xx: ["AI_UNAVAILABLE"] },
  },
  {
    route: "POST /api/functions/generate-image",
    who: ["anonymous", "forged-cookie", "user"],
    request: () =>
      hostileJsonBody({ prompt: "A jazz night", style: "modern", size: "1024x1024", event: { title: "Jazz", location: "Leeds", dateTime: FUTURE.toISOString() } }).map((body) => ({
        url: "/api/functions/generate-image",
        body,
      })),
    numRuns: 20,
  },
  { route: "POST /api/functions/create-payment", who: ["anonymous", "forged-cookie", "user"], request: () => createPaymentBody().map((body) => ({ url: "/api/functions/create-payment", body })) },
  {
    route: "POST /api/functions/verify-payment",
    who: ["anonymous", "user"],
    request: () =>
      fc.oneof(hostileJsonBody({ sessionId: ids.sessionId }), hostileJsonBody({ sessionId: "cs_test_unknown" })).map((body) => ({ url: "/api/functions/verify-payment", body })),
  },
  {
    route: "GET /api/checkout/test/:sessionId",
    who: WHO_ANYONE,
    request: () => segment(() => ids.sessionId).map((id) => ({ url: `/api/checkout/test/${id}` })),
  },
  {
    // The buyer's own session is left out: paying it succeeds, which is not what is attacked here.
    route: "POST /api/checkout/test/:sessionId/pay",
    who: WHO_ANYONE,
    request: () => fc.tuple(hostilePathSegment, fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/checkout/test/${id}/pay`, body: value === null ? undefined : jsonBody(value) })),
    outcome: { ok: [] },
  },
  {
    route: "POST /api/checkout/test/:sessionId/cancel",
    who: ["anonymous", "forged-cookie", "organiser", "admin"],
    request: () => fc.tuple(segment(() => ids.sessionId), fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/checkout/test/${id}/cancel`, body: value === null ? undefined : jsonBody(value) })),
    outcome: { ok: [] },
  },
  { route: "GET /api/door-team", who: WHO_ANYONE, request: queryOnly("/api/door-team") },
  {
    route: "POST /api/door-team/staff",
    who: WHO_ANYONE,
    request: () => hostileJsonBody({ email: "steward@example.test", name: "Sam", eventIds: [ids.event] }).map((body) => ({ url: "/api/door-team/staff", body })),
    outcome: { ok: [201] },
  },
  {
    route: "POST /api/door-team/links",
    who: WHO_ANYONE,
    request: () => hostileJsonBody({ name: "Side door", eventIds: [ids.event], pin: "1357" }).map((body) => ({ url: "/api/door-team/links", body })),
    outcome: { ok: [201] },
  },
  {
    route: "PATCH /api/door-team/:id",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.doorAccess), hostileJsonBody({ eventIds: [ids.event] })).map(([id, body]) => ({ url: `/api/door-team/${id}`, body })),
  },
  {
    // The organiser's own revocation succeeds (and would end the link the other properties use): only refusals here.
    route: "POST /api/door-team/:id/revoke",
    who: ["anonymous", "forged-cookie", "user"],
    request: () => fc.tuple(segment(() => ids.doorAccess), fc.option(nastyValue)).map(([id, value]) => ({ url: `/api/door-team/${id}/revoke`, body: value === null ? undefined : jsonBody(value) })),
    outcome: { ok: [] },
  },
  {
    route: "GET /api/door-invitations/:token",
    who: WHO_ANYONE,
    request: () => segment(() => ids.doorToken).map((token) => ({ url: `/api/door-invitations/${token}` })),
  },
  {
    // Only the invitee ('user') may accept; accepting again changes nothing.
    route: "POST /api/door-invitations/:token/accept",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.doorToken), fc.option(nastyValue)).map(([token, value]) => ({ url: `/api/door-invitations/${token}/accept`, body: value === null ? undefined : jsonBody(value) })),
  },
  {
    route: "POST /api/door-links/:secret/open",
    who: WHO_ANYONE,
    request: () => fc.tuple(segment(() => ids.doorSecret), hostileJsonBody({ pin: "2468" })).map(([secret, body]) => ({ url: `/api/door-links/${secret}/open`, body })),
  },
  {
    route: "POST /api/door-links/leave",
    who: WHO_ANYONE,
    request: () => fc.option(nastyValue).map((value) => ({ url: "/api/door-links/leave", body: value === null ? undefined : jsonBody(value) })),
    outcome: { ok: [204] },
  },
  {
    route: "POST /api/contact",
    who: ["anonymous", "forged-cookie"],
    request: () =>
      hostileJsonBody({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.test", subject: "Tickets", message: "Where is my ticket, please?" }).map((body) => ({ url: "/api/contact", body })),
    outcome: { ok: [201] },
  },
];

/** Routes attacked in another file. */
const COVERED_ELSEWHERE = { "GET /api/auth/*": "input-properties.auth.test.ts", "POST /api/auth/*": "input-properties.auth.test.ts" };

/** Documentation pages: static, no input beyond the path. */
const NOT_INPUT = new Set(["GET /api/docs", "GET /api/docs/*"]);

function toInjection(who: Who, method: string, request: HostileRequest, cookie: string): InjectOptions {
  const headers: Record<string, string> = { origin: t.config.publicUrl, "x-forwarded-for": nextIp(), ...request.headers };
  if (who === "forged-cookie") headers.cookie = cookie;
  else if (who !== "anonymous") headers.cookie = clients[who].cookieHeader;
  if (request.body?.contentType) headers["content-type"] = request.body.contentType;
  return { method: method as InjectOptions["method"], url: request.url, headers, payload: request.body?.payload };
}

/** Signed-in callers are drawn more often, so most requests get past sign-in to the code behind it. */
function whoever(who: Who[]): fc.Arbitrary<Who> {
  return fc.oneof(...who.map((one) => ({ weight: one === "anonymous" || one === "forged-cookie" ? 1 : 3, arbitrary: fc.constant(one) })));
}

describe("every API route survives hostile input", () => {
  it("covers every registered /api route (a new route needs its properties here)", () => {
    const registered = registeredRoutes(t.app).filter((route) => route.split(" ")[1]!.startsWith("/api"));
    const covered = [...ENDPOINTS.map((endpoint) => endpoint.route), ...Object.keys(COVERED_ELSEWHERE), ...NOT_INPUT].sort();
    expect(registered).toEqual(covered);
  });

  it("sees every kind of stored change, so 'nothing stored' means something", async () => {
    const headers = { origin: t.config.publicUrl, "content-type": "application/json" };
    const before = await storedRows(t.db);
    const contact = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.test", subject: "Tickets", message: "A message that is long enough." };
    const sent = await t.app.inject({ method: "POST", url: "/api/contact", headers: { ...headers, "x-forwarded-for": nextIp() }, payload: contact });
    expect(sent.statusCode).toBe(201);
    const afterInsert = await storedRows(t.db);
    expect(afterInsert.contact_messages).not.toBe(before.contact_messages);
    const renamed = await t.app.inject({ method: "PUT", url: "/api/me/profile", headers: { ...headers, cookie: clients.admin.cookieHeader }, payload: { displayName: `Renamed ${Date.now()}` } });
    expect(renamed.statusCode).toBe(200);
    expect((await storedRows(t.db)).profiles).not.toBe(afterInsert.profiles);
  });

  for (const endpoint of ENDPOINTS) {
    it(endpoint.route, async () => {
      const method = endpoint.route.split(" ")[0]!;
      await fc.assert(
        fc.asyncProperty(whoever(endpoint.who), endpoint.request(), hostileCookie, async (who, request, cookie) => {
          await expectHandled(t.app, t.db, toInjection(who, method, request, cookie), endpoint.outcome);
        }),
        { numRuns: endpoint.numRuns ?? 30 },
      );
    });
  }
});
