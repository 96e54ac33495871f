import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, getTableColumns, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { ERASED_NAME, erasedEmail, ticketQrPayload } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage, linkIn, TEST_PASSWORD } from "../../../../test/auth-client";
import { createBooking, createEvent, PAST } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { rowsOf } from "../../db/client";
import * as schema from "../../db/schema";
import { affiliates, bookings, contactMessages, documentSequences, doorAccess, events, orders, payoutReversals, profiles, refundRequests, refundRequestSummaries, scans, sessions, tickets, users } from "../../db/schema";
import { createPaymentGateway } from "../../providers/payments/payments";
import { reconcile } from "../ledger/reconcile";
import { runDuePayouts, settleEventPayouts } from "../payouts/payouts.service";
import { createTicketSigner } from "../tickets/ticket-signer";
import { PERSONAL_DATA_TABLES, type PersonalDataExport } from "./personal-data";

const t = setUpTestApp();
type Person = Awaited<ReturnType<typeof signInAs>>;
const person = () => signInAs(t.app, t.db, t.config.publicUrl, "user");
const gatewayContext = async () => ({ db: t.db, gateway: await createPaymentGateway(t.config, t.db) });

async function buy(buyer: Person, eventId: string, quantity: number, attendeeName: string, affiliateCode?: string) {
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName, eventId, ticketQuantity: quantity, affiliateCode });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, checkout.json().sessionId));
  return booking!;
}

async function refund(organiser: Person, bookingId: string, quantity?: number) {
  const response = await organiser.client.post(`/api/bookings/${bookingId}/refunds`, { quantity, reason: "Cannot come", requestKey: randomUUID() });
  expect(response.statusCode, response.body).toBe(200);
}

/**
 * Ada: a buyer, an affiliate and an organiser at once, with one record of every kind a table can hold about a
 * person: her profile (seller details and date of birth too), a session, a paid order of an upcoming event
 * (partly refunded, with a refund request), a ticket someone else bought in her name, commission earned
 * through her code, her own past event sold and paid out (then a refund after payout, so a reversal), notice
 * settings and a daily summary, a contact message and a receipt number of her own.
 */
async function adaWithEverything() {
  const ada = await person();
  const suffix = ada.account.id.slice(-8);
  const who = { name: `Ada Lovelace ${suffix}`, username: `ada_${suffix}`, phone: `+447700${String(Date.now()).slice(-6)}`, businessName: `Analytical Engines ${suffix}` };
  await t.db.update(users).set({ name: who.name, phoneNumber: who.phone, phoneNumberVerified: true }).where(eq(users.id, ada.account.id));
  await t.db
    .update(profiles)
    .set({
      username: who.username,
      displayName: who.name,
      bio: "Poetical science.",
      avatarUrl: `/media/avatars/${ada.account.id}.webp?v=1`,
      location: "London",
      website: "https://ada.example",
      dateOfBirth: "1990-12-10",
      lastAttendeeName: who.name,
      businessName: who.businessName,
      businessAddress: "12 St James's Square, London SW1Y 4JH",
      sellerKind: "individual",
    })
    .where(eq(profiles.userId, ada.account.id));
  const avatars = join(t.config.DATA_DIR, "media", "avatars");
  mkdirSync(avatars, { recursive: true });
  writeFileSync(join(avatars, `${ada.account.id}.webp`), "avatar");
  const generated = join(t.config.DATA_DIR, "media", "generated", ada.account.id);
  mkdirSync(generated, { recursive: true });
  writeFileSync(join(generated, "poster.png"), "png");

  // As a buyer: two tickets of someone else's upcoming event, one refunded, and a request about the other.
  const host = await person();
  const upcoming = await createEvent(t.db, { userId: host.account.id, title: `Harbour Lights ${suffix}`, pricePence: 2000, maxAttendees: 20 });
  const bought = await buy(ada, upcoming.id, 2, who.name);
  await refund(host, bought.id, 1);
  await t.db.insert(refundRequests).values({ bookingId: bought.id, userId: ada.account.id, reason: "I cannot come after all" });
  // A ticket bought by a friend in her name and to her address.
  const free = await createEvent(t.db, { userId: host.account.id, title: `Free Talk ${suffix}` });
  await createBooking(t.db, { eventId: free.id, quantity: 1, email: ada.account.email, name: who.name });

  // As an affiliate: a friend buys through her code.
  const affiliate = await ada.client.post("/api/me/affiliate");
  expect(affiliate.statusCode, affiliate.body).toBe(201);
  const graces = await buy(await person(), upcoming.id, 1, "Grace Hopper", affiliate.json().code);

  // At the door (issue 38): the host makes her door staff under her own name; she admits Grace, and the host's
  // second scan of Grace's ticket is refused naming her. The host admits Ada's own ticket.
  const invited = await host.client.post("/api/door-team/staff", { email: ada.account.email, name: who.name, eventIds: [upcoming.id] });
  expect(invited.statusCode, invited.body).toBe(201);
  const invitation = await latestMessage(t.db, ada.account.email.toLowerCase(), (message) => (message.subject ?? "").includes("door team"));
  const token = decodeURIComponent(new URL(linkIn(invitation, "/door/invitations/")).pathname.split("/").pop()!);
  expect((await ada.client.post(`/api/door-invitations/${token}/accept`)).statusCode).toBe(200);
  const qrOf = async (bookingId: string) => {
    const [ticket] = await t.db.select().from(tickets).where(and(eq(tickets.bookingId, bookingId), eq(tickets.status, "valid")));
    return JSON.stringify(await createTicketSigner(t.db).sign(ticketQrPayload(ticket!, upcoming)));
  };
  const scan = async (scanner: Person, qr: string) => (await scanner.client.post("/api/functions/check-ticket", { checkIn: true, qr })).json();
  expect(await scan(ada, await qrOf(graces.id))).toMatchObject({ valid: true, alreadyCheckedIn: false });
  expect(await scan(host, await qrOf(graces.id))).toMatchObject({ alreadyCheckedIn: true, checkedInBy: who.name });
  expect(await scan(host, await qrOf(bought.id))).toMatchObject({ valid: true, alreadyCheckedIn: false });

  // As an organiser: a past event sold, paid out, then refunded after payout (a reversal).
  const own = await createEvent(t.db, { userId: ada.account.id, title: `Engine Night ${suffix}`, pricePence: 1000, dateTime: PAST, endTime: new Date(PAST.getTime() + 3 * 3_600_000) });
  const { bookingIds } = await createPaidBookings(t.db, { eventId: own.id, pricePence: 1000, count: 2, quantity: () => 1, email: (i) => `engine-buyer-${i}-${suffix}@example.test` });
  expect((await ada.client.post("/api/payouts/account/onboarding")).statusCode).toBe(200);
  await runDuePayouts(await gatewayContext());
  await refund(ada, bookingIds[0]!);
  await settleEventPayouts(await gatewayContext(), own.id);
  expect(await t.db.select().from(payoutReversals)).not.toEqual([]);

  expect((await ada.client.request("PUT", "/api/me/notice-settings", { refundRequestEmails: "daily" })).statusCode).toBe(200);
  await t.db.insert(refundRequestSummaries).values({ userId: ada.account.id, day: "2090-01-02", coveredUntil: new Date() });
  await t.db.insert(contactMessages).values({ firstName: "Ada", lastName: `Lovelace ${suffix}`, email: ada.account.email.toUpperCase(), subject: "Accessibility", message: "Is the venue step-free?" });
  await t.db.insert(documentSequences).values({ issuer: ada.account.id, series: `receipts-${suffix}`, lastNumber: 1 });
  // A sign-in code asked for: a code row, a counter and a mail naming her address.
  expect((await ada.client.post("/api/auth/email-otp/send-verification-otp", { email: ada.account.email, type: "sign-in" })).statusCode).toBe(200);
  return { ada, who, upcoming, own, host, bought, graces };
}

let fixture: Awaited<ReturnType<typeof adaWithEverything>>;
beforeAll(async () => {
  fixture = await adaWithEverything();
}, 120_000);

/** Columns that tie a row to a person: a reference to an account, or a name that says it holds an address, a phone number or an account. */
function personColumns(table: PgTable): string[] {
  const config = getTableConfig(table);
  const referencing = new Set(config.foreignKeys.flatMap((key) => (key.reference().foreignTable === users ? key.reference().columns.map((column) => column.name) : [])));
  return Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => referencing.has(name) || /(^|_)email$|phone_number$|recipient|user_id|organiser_id|_by$|issuer|identifier/.test(name));
}

describe("GET /api/me/export (issue 34)", () => {
  it("decides on every table, and every column that ties a row to a person, of the schema", () => {
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
    for (const table of tables) {
      const name = getTableConfig(table).name;
      const coverage = PERSONAL_DATA_TABLES[name];
      expect(coverage, `table ${name}: export it or say why not in PERSONAL_DATA_TABLES`).toBeDefined();
      for (const column of personColumns(table)) expect(coverage!.by, `${name}.${column} ties a row to a person`).toContain(column);
    }
    expect(Object.keys(PERSONAL_DATA_TABLES).sort()).toEqual(tables.map((table) => getTableConfig(table).name).sort());
  });

  it("downloads everything about the signed-in person as a dated JSON file, each kind of record in its section", async () => {
    const { ada, who, own, upcoming } = fixture;
    const response = await ada.client.get("/api/me/export");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="eventora-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json<PersonalDataExport>();
    expect(data.account).toMatchObject({ id: ada.account.id, name: who.name, email: ada.account.email, phoneNumber: who.phone, role: "user" });
    expect(data.account.lastSignInAt).not.toBeNull();
    expect(data.profile).toMatchObject({ username: who.username, dateOfBirth: "1990-12-10", lastAttendeeName: who.name, seller: { businessName: who.businessName, sellerKind: "individual" } });
    expect(data.sessions[0]).toMatchObject({ ipAddress: expect.any(String) });
    expect(JSON.stringify(data.sessions)).not.toContain("token");
    expect(data.signInMethods).toEqual([expect.objectContaining({ method: "password" })]);
    expect(JSON.stringify(data)).not.toMatch(/scrypt|\$2[aby]\$|"password":/);
    expect(data.orders).toEqual([expect.objectContaining({ buyerName: who.name, status: "confirmed", lines: [expect.objectContaining({ quantity: 2 })] })]);
    expect(data.tickets.map((ticket) => [ticket.attendeeName, ticket.boughtByYou]).sort()).toEqual([
      [who.name, false],
      [who.name, true],
    ]);
    expect(data.refunds.some((refund) => !refund.requestedByYou)).toBe(true);
    expect(data.refunds.some((refund) => refund.requestedByYou)).toBe(true);
    expect(data.refundRequests).toEqual([expect.objectContaining({ reason: "I cannot come after all", askedByYou: true })]);
    expect(data.affiliate.accounts).toHaveLength(1);
    expect(data.affiliate.commissions).toEqual([expect.objectContaining({ amountPence: expect.any(Number) })]);
    expect(data.payouts.account).toMatchObject({ provider: "local", ready: true });
    expect(data.payouts.payouts).toEqual([expect.objectContaining({ payeeKind: "organiser", status: "paid", reversals: [expect.objectContaining({ amountPence: expect.any(Number) })] })]);
    expect(data.ledger.map((line) => line.kind)).toEqual(expect.arrayContaining(["ticket_sale", "transfer", "transfer_reversal"]));
    expect(data.organisedEvents).toEqual([expect.objectContaining({ id: own.id, ticketsSold: 1 })]);
    expect(data.sellerRecords).toHaveLength(2);
    expect(data.sellerRecords[0]).toMatchObject({ businessName: who.businessName });
    expect(data.noticeSettings).toMatchObject({ refundRequestEmails: "daily", dailySummaries: [expect.objectContaining({ day: "2090-01-02" })] });
    expect(data.contactMessages).toEqual([expect.objectContaining({ subject: "Accessibility" })]);
    expect(data.documentNumbers).toEqual([expect.objectContaining({ lastNumber: 1 })]);
    expect(data.door.access).toEqual([expect.objectContaining({ kind: "staff", label: who.name, email: ada.account.email.toLowerCase(), status: "active", events: [{ id: upcoming.id, title: upcoming.title }] })]);
    expect(data.door.scansByYou).toEqual([expect.objectContaining({ eventId: upcoming.id, result: "admitted", direction: "in", list: "All tickets" })]);
    expect(data.door.scansOfYourTickets).toEqual([expect.objectContaining({ eventId: upcoming.id, result: "admitted" })]);
    // An organiser's export carries their events' sales totals, never their buyers' names or addresses.
    expect(JSON.stringify(data)).not.toContain("engine-buyer-");
    expect(JSON.stringify(data)).not.toContain("Bulk Buyer");
    expect(JSON.stringify(data)).not.toContain("Grace Hopper");
  });

  it("is documented in the OpenAPI description with the erasure's body", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<{ paths: Record<string, Record<string, { summary: string; requestBody?: { content: Record<string, { schema: { properties: object } }> } }>> }>();
    expect(document.paths["/api/me/export"]!.get!.summary).toContain("JSON file");
    const erase = document.paths["/api/me/erase"]!.post!;
    expect(Object.keys(erase.requestBody!.content["application/json"]!.schema.properties)).toEqual(["email", "password"]);
  });

  it("asks a visitor to sign in", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/me/export" });
    expect(response.statusCode).toBe(401);
  });
});

/** Every text-like column of every table (information_schema, so a column added later is searched too) holding `term`. */
async function columnsHolding(term: string): Promise<string[]> {
  const columns = rowsOf<{ table_schema: string; table_name: string; column_name: string }>(
    await t.db.execute(sql`select table_schema, table_name, column_name from information_schema.columns
      where table_schema not in ('pg_catalog', 'information_schema') and table_name not like 'pg\\_%'
        and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
        and (table_schema, table_name) in (select table_schema, table_name from information_schema.tables where table_type = 'BASE TABLE')`),
  );
  const found: string[] = [];
  for (const column of columns) {
    const [hit] = rowsOf<{ n: number }>(
      await t.db.execute(sql`select count(*)::int as n from ${sql.identifier(column.table_schema)}.${sql.identifier(column.table_name)} where strpos(lower(${sql.identifier(column.column_name)}::text), ${term.toLowerCase()}) > 0`),
    );
    if (hit!.n) found.push(`${column.table_name}.${column.column_name}`);
  }
  return found;
}

describe("POST /api/me/erase (issue 34, decision 035)", () => {
  it("refuses an e-mail address that is not the account's, a wrong password, and a session too old to go without one", async () => {
    const someone = await person();
    const mismatch = await someone.client.post("/api/me/erase", { email: "someone-else@example.test", password: TEST_PASSWORD });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.code).toBe("ERASURE_NOT_CONFIRMED");
    const wrong = await someone.client.post("/api/me/erase", { email: someone.account.email, password: "not-the-password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe("REAUTHENTICATION_REQUIRED");
    await t.db.update(sessions).set({ createdAt: new Date(Date.now() - 11 * 60_000) }).where(eq(sessions.userId, someone.account.id));
    const stale = await someone.client.post("/api/me/erase", { email: someone.account.email });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.message).toContain("sign in again");
    const [still] = await t.db.select().from(users).where(eq(users.id, someone.account.id));
    expect(still).toMatchObject({ email: someone.account.email, banned: false });
  });

  it("refuses an organiser with an upcoming event that has valid tickets sold, naming it, and changes nothing", async () => {
    const organiser = await person();
    const sold = await createEvent(t.db, { userId: organiser.account.id, title: "Midsummer Ceilidh", pricePence: 1000 });
    await createPaidBookings(t.db, { eventId: sold.id, pricePence: 1000, count: 1 });
    const response = await organiser.client.post("/api/me/erase", { email: organiser.account.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: "UPCOMING_EVENTS_WITH_SALES", details: { events: [expect.objectContaining({ id: sold.id, title: "Midsummer Ceilidh" })] } });
    expect(response.json().error.message).toContain("Midsummer Ceilidh");
    expect((await organiser.client.get("/api/me")).statusCode).toBe(200);
  });

  it("erases a person just signed in without a password: upcoming unsold events close, ended ones stay", async () => {
    const organiser = await person();
    const unsold = await createEvent(t.db, { userId: organiser.account.id, title: "Unsold Gala", pricePence: 1000 });
    const ended = await createEvent(t.db, { userId: organiser.account.id, title: "Last Year's Fair", dateTime: PAST });
    const response = await organiser.client.post("/api/me/erase", { email: organiser.account.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await t.db.select({ id: events.id, status: events.status, userId: events.userId }).from(events).where(eq(events.userId, organiser.account.id));
    expect(rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: unsold.id, status: "cancelled", userId: organiser.account.id },
        { id: ended.id, status: "active", userId: organiser.account.id },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
  });

  it("leaves the person's e-mail, name, phone and username nowhere but the kept financial records; they cannot sign in; reconcile balances", async () => {
    const { ada, who } = fixture;
    expect(await columnsHolding(ada.account.email)).toEqual(expect.arrayContaining(["contact_messages.email", "verification.identifier", "rate_limits.key", "outbox_messages.recipient", "orders.attendee_email"]));

    const response = await ada.client.post("/api/me/erase", { email: ada.account.email, password: TEST_PASSWORD });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ erased: true });

    // decision 035: the buyer's name stays on paid orders (receipts, VAT) and on a valid ticket for an event still
    // to come (the door checks it, on the booking and its ticket); the seller details each order was sold under stay on order_sellers.
    const kept = [
      "orders.attendee_name",
      "bookings.attendee_name",
      "tickets.attendee_name",
      ...["name", "display_name", "business_name", "address"].map((column) => `order_sellers.${column}`),
      ...["buyer_name", "buyer_address", "seller_name", "seller_address"].map((column) => `vat_invoices.${column}`),
      "fee_statements.recipient",
    ];
    expect(await columnsHolding(ada.account.email)).toEqual([]);
    expect(await columnsHolding(who.phone)).toEqual([]);
    expect(await columnsHolding(who.username)).toEqual([]);
    expect((await columnsHolding(who.name)).filter((column) => !kept.includes(column))).toEqual([]);
    expect((await columnsHolding(who.businessName)).filter((column) => !kept.includes(column))).toEqual([]);

    const [user] = await t.db.select().from(users).where(eq(users.id, ada.account.id));
    expect(user).toMatchObject({ name: ERASED_NAME, email: erasedEmail(ada.account.id), phoneNumber: null, banned: true });
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, ada.account.id));
    expect(order).toMatchObject({ attendeeName: who.name, attendeeEmail: erasedEmail(ada.account.id) });
    const [ticket] = await t.db.select().from(bookings).where(eq(bookings.id, fixture.bought.id));
    expect(ticket).toMatchObject({ attendeeName: who.name, attendeeEmail: erasedEmail(ada.account.id), ticketQuantity: 1 });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, ada.account.id));
    expect(profile).toMatchObject({ username: null, displayName: null, bio: null, avatarUrl: null, dateOfBirth: null, businessName: null, businessAddress: null, sellerKind: null });
    expect(existsSync(join(t.config.DATA_DIR, "media", "avatars", `${ada.account.id}.webp`))).toBe(false);
    expect(existsSync(join(t.config.DATA_DIR, "media", "generated", ada.account.id, "poster.png"))).toBe(false);
    expect(await t.db.select().from(affiliates).where(eq(affiliates.userId, ada.account.id))).toEqual([expect.objectContaining({ status: "inactive" })]);
    // Her door access ends; the door's log keeps her scan, and Grace's ticket stays checked in, by no one named.
    expect(await t.db.select({ revokedAt: doorAccess.revokedAt }).from(doorAccess).where(eq(doorAccess.userId, ada.account.id))).toEqual([{ revokedAt: expect.any(Date) }]);
    const [graceTicket] = await t.db.select().from(tickets).where(eq(tickets.bookingId, fixture.graces.id));
    expect(graceTicket).toMatchObject({ checkedInAt: expect.any(Date), checkedInBy: ERASED_NAME });
    const graceLog = await t.db.select({ byLabel: scans.byLabel, result: scans.result, reason: scans.reason }).from(scans).where(eq(scans.ticketId, graceTicket!.id));
    expect(graceLog.map((row) => row.result).sort()).toEqual(["admitted", "refused"]);
    expect(graceLog.find((row) => row.result === "admitted")!.byLabel).toBe(ERASED_NAME);
    expect(graceLog.find((row) => row.result === "refused")!.reason).toMatch(new RegExp(` by ${ERASED_NAME}$`));

    // Signed out everywhere, and no way back in.
    expect((await ada.client.get("/api/me")).statusCode).toBe(401);
    expect((await ada.client.post("/api/auth/sign-in/email", { email: ada.account.email, password: TEST_PASSWORD })).statusCode).not.toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/profiles/${who.username}` })).statusCode).toBe(404);

    const report = await reconcile(t.db, { gateway: await createPaymentGateway(t.config, t.db) });
    expect(report.problems).toEqual([]);
  });

  it("never lets a barred account sign in, even with its password", async () => {
    const barred = await person();
    await t.db.update(users).set({ banned: true }).where(eq(users.id, barred.account.id));
    const response = await barred.client.post("/api/auth/sign-in/email", { email: barred.account.email, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: "ACCOUNT_DELETED" });
  });
});
