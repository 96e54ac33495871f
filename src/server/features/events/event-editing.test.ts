import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ONGOING_BUSINESS_DATE } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { eventInput, sendEventForm, signInAs } from "../../../../test/organiser";
import { affiliates, events } from "../../db/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const as = (role: "user" | "admin" | "stale-admin") => signInAs(t.app, t.db, t.config.publicUrl, role);
const png = (width = 1600, height = 900) =>
  sharp({ create: { width, height, channels: 3, background: "#d6186a" } })
    .png()
    .toBuffer();
const storedFiles = (eventId: string) => {
  const dir = join(t.config.DATA_DIR, "media", "events", eventId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

describe("creating events (spec §5 Create event)", () => {
  it("creates a paid event with an uploaded image in one request", async () => {
    const { account, client } = await as("user");
    const response = await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: await png(), filename: "poster.png", contentType: "image/png" });
    expect(response.statusCode).toBe(201);
    const event = response.json();
    expect(event).toMatchObject({ userId: account.id, title: "Harbour Lights Quiz Night", pricePence: 1250, maxAttendees: 80, businessType: "event", status: "active" });
    expect(event.imageUrl).toMatch(new RegExp(`^/media/events/${event.id}/[a-f0-9]{16}-1200\\.webp$`));
    expect(storedFiles(event.id)).toHaveLength(3);
    for (const [width, height] of [[1200, 675], [800, 450], [600, 338]]) {
      const variant = await t.app.inject({ method: "GET", url: event.imageUrl.replace("-1200.webp", `-${width}.webp`) });
      expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: "webp", width, height });
    }
    expect((await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).json().title).toBe("Harbour Lights Quiz Night");
  });

  it("strips the photo's metadata", async () => {
    const { client } = await as("user");
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#123456" } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera Co", Artist: "Someone" } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const event = (await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: jpeg, filename: "photo.jpg", contentType: "image/jpeg" })).json();
    const stored = await t.app.inject({ method: "GET", url: event.imageUrl });
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from("Secret Camera Co"))).toBe(false);
  });

  it("saves an ongoing business with the fixed date and no times, as a restaurant listing", async () => {
    const { client } = await as("user");
    const response = await client.post("/api/events", eventInput({ category: "ongoing-business", dateTime: null, endTime: "2091-01-01T10:00:00Z" }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ dateTime: ONGOING_BUSINESS_DATE.toISOString(), endTime: null, businessType: "restaurant" });
    const food = await client.post("/api/events", eventInput({ category: "food" }));
    expect(food.json().businessType).toBe("restaurant");
  });

  it("saves the organiser's choice to absorb the booking fee (D22), shows it on the event and in lists, and lets them change it", async () => {
    const { client } = await as("user");
    const plain = await client.post("/api/events", eventInput());
    expect(plain.json().absorbsBookingFee).toBe(false);
    const response = await client.post("/api/events", eventInput({ absorbsBookingFee: true }));
    expect(response.statusCode).toBe(201);
    const id = response.json().id as string;
    expect(response.json().absorbsBookingFee).toBe(true);
    expect((await t.app.inject({ method: "GET", url: `/api/events/${id}` })).json().absorbsBookingFee).toBe(true);
    const listed = (await t.app.inject({ method: "GET", url: "/api/events?pageSize=50&q=Harbour" })).json().events.find((event: { id: string }) => event.id === id);
    expect(listed.absorbsBookingFee).toBe(true);
    const edited = await client.request("PATCH", `/api/events/${id}`, eventInput({ absorbsBookingFee: false }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().absorbsBookingFee).toBe(false);
    const refused = await client.post("/api/events", { ...eventInput(), absorbsBookingFee: "yes" });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toMatch(/absorbsBookingFee/);
  });

  it("saves the venue trimmed, shows it on the event, and lets a business listing go without one (issue 17)", async () => {
    const { client } = await as("user");
    const response = await client.post("/api/events", eventInput({ venue: "  The Deaf Institute  ", location: "Manchester" }));
    expect(response.statusCode).toBe(201);
    expect(response.json().venue).toBe("The Deaf Institute");
    const shown = (await t.app.inject({ method: "GET", url: `/api/events/${response.json().id}` })).json();
    expect(shown).toMatchObject({ venue: "The Deaf Institute", location: "Manchester" });

    for (const category of ["ongoing-business", "food"]) {
      const listing = await client.post("/api/events", eventInput({ category, venue: "", dateTime: category === "food" ? eventInput().dateTime : null }));
      expect(listing.statusCode).toBe(201);
      expect(listing.json().venue).toBeNull();
    }
    const named = await client.post("/api/events", eventInput({ category: "ongoing-business", venue: "Corner Café", dateTime: null }));
    expect(named.json().venue).toBe("Corner Café");
  });

  it("treats an empty price as free and empty capacity as unlimited", async () => {
    const { client } = await as("user");
    const response = await client.post("/api/events", eventInput({ pricePence: 0, maxAttendees: null }));
    expect(response.json()).toMatchObject({ pricePence: 0, maxAttendees: null });
  });

  it.each([
    [{ title: "" }, "title", "Event Title is required"],
    [{ location: "  " }, "location", "Location is required"],
    [{ venue: "  " }, "venue", "Venue is required"],
    [{ venue: null }, "venue", "Venue is required"],
    [{ venue: "V".repeat(151) }, "venue", "Venue is too long (150 characters at most)"],
    [{ dateTime: null }, "dateTime", "Start Date & Time is required"],
    [{ pricePence: -1 }, "pricePence", "Price cannot be negative"],
    [{ pricePence: 12.5 }, "pricePence", "whole pence"],
    [{ maxAttendees: 0 }, "maxAttendees", "at least 1"],
    [{ imageUrl: "javascript:alert(1)" }, "imageUrl", "http"],
    [{ videoUrl: "file:///etc/passwd" }, "videoUrl", "http"],
    [{ category: "nonsense" }, "category", "event type"],
    [{ endTime: "2001-01-01T00:00:00Z" }, "endTime", "after the start"],
    // Issue 33: a title is printed on tickets, receipts and e-mails (a CR/LF in a subject line), so it reads as typed.
    [{ title: "Gig\r\nBcc: all@example.com" }, "title", "Event Title contains a character that is not allowed"],
    [{ title: "Jazz Night \u202Egnp.exe" }, "title", "Event Title contains a character that is not allowed"],
    [{ title: "\u200B\u200B" }, "title", "Event Title contains a character that is not allowed"],
    [{ title: "\u3164 \u3164" }, "title", "Event Title must contain a visible character"],
    [{ title: "Gig\u0000" }, "title", "NUL character"],
  ])("refuses %j naming the field", async (override, field, text) => {
    const { client } = await as("user");
    const response = await client.post("/api/events", eventInput(override as never));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("VALIDATION_FAILED");
    expect(response.json().error.message).toContain(`'${field}'`);
    expect(response.json().error.message).toContain(text);
  });

  it("links an active affiliate's code and ignores an unknown one", async () => {
    // Another user's code: the organiser's own is refused (issue 33, affiliates/own-event-commission.test.ts).
    const { account: affiliateUser } = await as("user");
    const { client } = await as("user");
    const [affiliate] = await t.db.insert(affiliates).values({ userId: affiliateUser.id, affiliateCode: "PARTNER1" }).returning();
    const linked = await client.post("/api/events", eventInput({ affiliateCode: "partner1" }));
    expect(linked.json().affiliateCode).toBe("PARTNER1");
    const [row] = await t.db.select({ affiliateId: events.affiliateId }).from(events).where(eq(events.id, linked.json().id));
    expect(row!.affiliateId).toBe(affiliate!.id);
    const unknown = await client.post("/api/events", eventInput({ affiliateCode: "NOSUCH" }));
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().affiliateCode).toBeNull();

    const lookup = await client.get("/api/affiliates/lookup?code=partner1");
    expect(lookup.json()).toEqual({ valid: true, code: "PARTNER1", displayName: expect.any(String) });
    expect((await client.get("/api/affiliates/lookup?code=NOSUCH")).json()).toEqual({ valid: false, code: "NOSUCH" });
  });

  it("lets an admin create an event for another organiser, and refuses an organiser without a profile", async () => {
    const { account: organiser } = await as("user");
    const { client: admin } = await as("admin");
    const response = await admin.post("/api/events", eventInput({ organiserId: organiser.id }));
    expect(response.statusCode).toBe(201);
    expect(response.json().userId).toBe(organiser.id);
    const invalid = await admin.post("/api/events", eventInput({ organiserId: "no-such-user" }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toMatchObject({ code: "INVALID_ORGANISER", message: "Invalid organizer selected. Please try again." });

    // Anyone else naming an organiser simply creates their own event.
    const { account: user, client } = await as("user");
    expect((await client.post("/api/events", eventInput({ organiserId: organiser.id }))).json().userId).toBe(user.id);
  });
});

describe("image uploads are checked on the server (decisions D15)", () => {
  const countEvents = async () => (await t.db.select({ id: events.id }).from(events)).length;

  it.each([
    ["a file over 5 MB", () => Buffer.alloc(5 * 1024 * 1024 + 1, 0xff), "big.jpg", "image/jpeg", 413, "IMAGE_TOO_LARGE"],
    ["a text file named .jpg", () => Buffer.from("just some text pretending to be a photo"), "photo.jpg", "image/jpeg", 415, "UNSUPPORTED_IMAGE"],
    [
      "an SVG with a script",
      () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><script>alert(document.cookie)</script></svg>'),
      "poster.png",
      "image/png",
      415,
      "UNSUPPORTED_IMAGE",
    ],
    ["a corrupt PNG", async () => (await png()).subarray(0, 300), "broken.png", "image/png", 415, "UNSUPPORTED_IMAGE"],
  ] as const)("refuses %s and creates no event", async (_label, bytes, filename, contentType, status, code) => {
    const { client } = await as("user");
    const before = await countEvents();
    const response = await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: await bytes(), filename, contentType });
    expect(response.statusCode).toBe(status);
    expect(response.json().error.code).toBe(code);
    expect(response.json().error.message.length).toBeGreaterThan(10);
    expect(await countEvents()).toBe(before);
  });

  it("refuses an image of huge dimensions (a decompression bomb) and creates no event", async () => {
    const { client } = await as("user");
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const before = await countEvents();
    const response = await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: bomb, filename: "bomb.png", contentType: "image/png" });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toContain("megapixels");
    expect(await countEvents()).toBe(before);
  });

  it("replaces the stored image on edit and removes the files when the image is dropped", async () => {
    const { client } = await as("user");
    const created = (await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: await png(), filename: "a.png", contentType: "image/png" })).json();
    const firstFiles = storedFiles(created.id);
    const red = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#ff0000" } }).webp().toBuffer();
    const updated = (await sendEventForm(client, "PATCH", `/api/events/${created.id}`, eventInput(), { bytes: red, filename: "b.webp", contentType: "image/webp" })).json();
    expect(updated.imageUrl).not.toBe(created.imageUrl);
    const secondFiles = storedFiles(created.id);
    expect(secondFiles).toHaveLength(3);
    expect(secondFiles.filter((file) => firstFiles.includes(file))).toEqual([]);
    const dropped = await client.request("PATCH", `/api/events/${created.id}`, eventInput({ imageUrl: null }));
    expect(dropped.json().imageUrl).toBeNull();
    expect(storedFiles(created.id)).toEqual([]);
  });
});

describe("editing and deleting", () => {
  it("changes the venue on edit and refuses to clear it for an event (issue 17)", async () => {
    const { client } = await as("user");
    const created = (await client.post("/api/events", eventInput())).json();
    const edited = await client.request("PATCH", `/api/events/${created.id}`, eventInput({ venue: "Colston Hall" }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().venue).toBe("Colston Hall");
    const cleared = await client.request("PATCH", `/api/events/${created.id}`, eventInput({ venue: "" }));
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.message).toContain("Venue is required");
    expect((await client.get(`/api/events/${created.id}/edit`)).json().venue).toBe("Colston Hall");
  });

  it("saves the owner's changes", async () => {
    const { client } = await as("user");
    const created = (await client.post("/api/events", eventInput())).json();
    const response = await client.request("PATCH", `/api/events/${created.id}`, eventInput({ title: "Renamed Night", pricePence: 990 }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: "Renamed Night", pricePence: 990 });
  });

  it("refuses another user's edit with 'You can only edit your own events.' and changes nothing", async () => {
    const { client: owner } = await as("user");
    const created = (await owner.post("/api/events", eventInput())).json();
    const { client: other } = await as("user");
    const response = await other.request("PATCH", `/api/events/${created.id}`, eventInput({ title: "Hijacked" }));
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: "EVENT_ACCESS_DENIED", message: "You can only edit your own events." });
    expect((await owner.get(`/api/events/${created.id}/edit`)).json().title).toBe("Harbour Lights Quiz Night");
  });

  it("keeps an event that has sold tickets", async () => {
    const { client } = await as("user");
    const created = (await client.post("/api/events", eventInput())).json();
    await createBooking(t.db, { eventId: created.id, quantity: 2 });
    const response = await client.request("DELETE", `/api/events/${created.id}`);
    expect(response.statusCode).toBe(409);
    expect((await t.db.select().from(events).where(eq(events.id, created.id))).length).toBe(1);
  });

  it("deletes the owner's event and its stored images", async () => {
    const { client } = await as("user");
    const created = (await sendEventForm(client, "POST", "/api/events", eventInput(), { bytes: await png(), filename: "a.png", contentType: "image/png" })).json();
    expect((await client.request("DELETE", `/api/events/${created.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: `/api/events/${created.id}` })).statusCode).toBe(404);
    expect(storedFiles(created.id)).toEqual([]);
  });
});

describe("who may do what (decisions D10): every organiser endpoint × every kind of caller", () => {
  type Role = "anonymous" | "user" | "owner" | "admin" | "stale-admin";
  const ROLES: Role[] = ["anonymous", "user", "owner", "admin", "stale-admin"];
  let clients: Record<Role, AuthClient>;
  let ownerId: string;

  beforeAll(async () => {
    const owner = await as("user");
    ownerId = owner.account.id;
    clients = {
      anonymous: new AuthClient(t.app, t.config.publicUrl, "198.19.0.1"),
      user: (await as("user")).client,
      owner: owner.client,
      admin: (await as("admin")).client,
      "stale-admin": (await as("stale-admin")).client,
    };
  });

  async function freshEventWithBooking() {
    const event = await createEvent(t.db, { userId: ownerId });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 1, stripeSessionId: `cs_test_${event.id.slice(0, 8)}` });
    return { event, booking };
  }

  const matrix: { name: string; call: (c: AuthClient) => Promise<{ statusCode: number }>; expected: Record<Role, number> }[] = [
    {
      name: "POST /api/events",
      call: (c) => c.post("/api/events", eventInput()),
      expected: { anonymous: 401, user: 201, owner: 201, admin: 201, "stale-admin": 201 },
    },
    {
      name: "GET /api/events/{id}/edit",
      call: async (c) => c.get(`/api/events/${(await freshEventWithBooking()).event.id}/edit`),
      expected: { anonymous: 401, user: 403, owner: 200, admin: 200, "stale-admin": 403 },
    },
    {
      name: "PATCH /api/events/{id}",
      call: async (c) => {
        // The date it has: a sold event's date moves only by postponing (issue 33).
        const { event } = await freshEventWithBooking();
        return c.request("PATCH", `/api/events/${event.id}`, eventInput({ dateTime: event.dateTime.toISOString(), endTime: null }));
      },
      expected: { anonymous: 401, user: 403, owner: 200, admin: 200, "stale-admin": 403 },
    },
    {
      name: "DELETE /api/events/{id}",
      call: async (c) => c.request("DELETE", `/api/events/${(await createEvent(t.db, { userId: ownerId })).id}`),
      expected: { anonymous: 401, user: 403, owner: 204, admin: 204, "stale-admin": 403 },
    },
    {
      name: "GET /api/events/{id}/attendees",
      call: async (c) => c.get(`/api/events/${(await freshEventWithBooking()).event.id}/attendees`),
      expected: { anonymous: 401, user: 404, owner: 200, admin: 200, "stale-admin": 404 },
    },
    {
      name: "GET /api/events/{id}/attendees?format=csv",
      call: async (c) => c.get(`/api/events/${(await freshEventWithBooking()).event.id}/attendees?format=csv`),
      expected: { anonymous: 401, user: 404, owner: 200, admin: 200, "stale-admin": 404 },
    },
    {
      name: "POST /api/bookings/{id}/check-in",
      call: async (c) => c.post(`/api/bookings/${(await freshEventWithBooking()).booking.id}/check-in`),
      expected: { anonymous: 401, user: 404, owner: 200, admin: 200, "stale-admin": 404 },
    },
    {
      name: "GET /api/tickets/lookup",
      call: async (c) => c.get(`/api/tickets/lookup?identifier=${(await freshEventWithBooking()).booking.ticketCode}`),
      expected: { anonymous: 401, user: 404, owner: 200, admin: 200, "stale-admin": 404 },
    },
    { name: "GET /api/me/events", call: (c) => c.get("/api/me/events"), expected: { anonymous: 401, user: 200, owner: 200, admin: 200, "stale-admin": 200 } },
    { name: "GET /api/me/sales", call: (c) => c.get("/api/me/sales"), expected: { anonymous: 401, user: 200, owner: 200, admin: 200, "stale-admin": 200 } },
    { name: "GET /api/me/bookings", call: (c) => c.get("/api/me/bookings"), expected: { anonymous: 401, user: 200, owner: 200, admin: 200, "stale-admin": 200 } },
    {
      name: "GET /api/admin/organisers",
      call: (c) => c.get("/api/admin/organisers"),
      expected: { anonymous: 401, user: 403, owner: 403, admin: 200, "stale-admin": 403 },
    },
  ];

  it.each(matrix.flatMap((row) => ROLES.map((role) => [row.name, role, row] as const)))("%s as %s", async (_name, role, row) => {
    const response = await row.call(clients[role]);
    expect(response.statusCode).toBe(row.expected[role]);
  });
});
