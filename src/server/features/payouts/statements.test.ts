import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { pdfText } from "../../../../test/pdf-text";
import { formatFeeStatementNumber, formatStatementMonth, type EventStatement, type Statements } from "../../../domain";
import { affiliates, bookings, events, feeStatements, ledgerEntries, tickets, ticketTypes } from "../../db/schema";
import { createLocalPayments } from "../../providers/payments/local";
import { runDuePayouts } from "./payouts.service";
import { listMailbox } from "../dev-mailbox/dev-mailbox.service";
import { queueFeeStatementEmails } from "./statements.job";
import { ukMonthOf } from "../ledger/settlement";

const t = setUpTestApp();

type Client = Awaited<ReturnType<typeof signInAs>>["client"];

async function buy(buyer: Client, eventId: string, ticketQuantity: number, affiliateCode?: string) {
  const checkout = await buyer.post("/api/functions/create-payment", {
    attendeeName: "Ada Lovelace",
    eventId,
    ticketQuantity,
    ...(affiliateCode ? { affiliateCode } : {}),
  });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, eventId));
  return booking!;
}

/** The UK month the test's sales were made in (they are made now). */
async function monthOfSales(eventId: string): Promise<string> {
  const [row] = await t.db
    .select({ month: ukMonthOf(ledgerEntries.createdAt) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.eventId, eventId))
    .limit(1);
  return row!.month;
}

/**
 * Dates these events' ledger entries in the middle of the UK month `monthsAgo` before this one, whose fee
 * statements can be issued (a month under way has none yet). At most 2 months ago, inside the window the
 * file's closing reconcile compares with the provider.
 */
async function chargedMonthsAgo(monthsAgo: 1 | 2, ...eventIds: string[]): Promise<string> {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 15, 12));
  await t.db.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.eventId, eventIds));
  return monthOfSales(eventIds[0]!);
}

/**
 * One organiser, two paid events: "Harbour Lights" (£20.00, the buyer pays the £2.30 booking fee) sells 3
 * tickets through an affiliate and refunds 1; "River Jazz" (£15.00, the organiser absorbs the fee) sells 2.
 */
async function organiserWithSales() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const promoter = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const code = `P${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
  await t.db.insert(affiliates).values({ userId: promoter.account.id, affiliateCode: code });
  const harbour = await createEvent(t.db, { userId: organiser.account.id, title: "Harbour Lights", pricePence: 2000, maxAttendees: 50 });
  const river = await createEvent(t.db, { userId: organiser.account.id, title: "River Jazz", pricePence: 1500, maxAttendees: 50, absorbsBookingFee: true });
  const harbourBooking = await buy(buyer.client, harbour.id, 3, code);
  const refund = await organiser.client.post(`/api/bookings/${harbourBooking.id}/refunds`, {
    quantity: 1,
    reason: "Cannot come",
    requestKey: `statement-refund-${harbour.id}`,
  });
  expect(refund.statusCode).toBe(200);
  await buy(buyer.client, river.id, 2);
  return { organiser, buyer, promoter, harbour, river };
}

const statementOf = (statements: Statements, eventId: string) => statements.events.find((event) => event.eventId === eventId);

// Hand-computed (D22): Harbour Lights sells 3 × £20.00 = 6000p with 3 × 230p = 690p of booking fees; the
// organiser fee on 3 tickets is 2.9% of 6000p (174p) + 3 × 30p = 264p. One ticket refunded: 2000p and its
// 230p fee back to the buyer; the fee on the 2 tickets left is 116p + 60p = 176p. Commission: 10% of the
// booking fees, 69p, less 10% of the refunded fee, 23p: 46p. Net: 6000 − 2000 − 176 = 3824p.
const HARBOUR = {
  grossSalesPence: 6000,
  bookingFeesPence: 690,
  ticketRefundsPence: 2000,
  feeRefundsPence: 230,
  organiserFeesPence: 176,
  absorbedFeesPence: 0,
  commissionPence: 46,
  disputedPence: 0,
  netDuePence: 3824,
} satisfies Partial<EventStatement>;
// River Jazz: 2 × £15.00 = 3000p, no fee paid by the buyer; the organiser fee is 87p + 60p = 147p and the
// absorbed booking fee 2 × 230p = 460p. Net: 3000 − 147 − 460 = 2393p.
const RIVER = {
  grossSalesPence: 3000,
  bookingFeesPence: 0,
  ticketRefundsPence: 0,
  feeRefundsPence: 0,
  organiserFeesPence: 147,
  absorbedFeesPence: 460,
  commissionPence: 0,
  disputedPence: 0,
  netDuePence: 2393,
} satisfies Partial<EventStatement>;

describe("statements (issue 20)", () => {
  it("shows each event's figures to the penny, then the payout with its transfer id once paid; the affiliate sees theirs", async () => {
    const { organiser, promoter, harbour, river } = await organiserWithSales();

    const before = (await organiser.client.get("/api/payouts/statements")).json() as Statements;
    expect(statementOf(before, harbour.id)).toMatchObject({ ...HARBOUR, paidPence: 0, transferId: null, status: { kind: "awaiting-event-end" } });
    expect(statementOf(before, river.id)).toMatchObject({ ...RIVER, paidPence: 0, transferId: null, status: { kind: "awaiting-event-end" } });
    expect(before.payouts).toEqual([]);

    // The events end in 2090; the payout run is told it is a month later.
    const gateway = createLocalPayments({ publicUrl: t.config.publicUrl, db: t.db });
    await runDuePayouts({ db: t.db, gateway }, new Date("2090-07-01T12:00:00Z"));

    const after = (await organiser.client.get("/api/payouts/statements")).json() as Statements;
    for (const [event, figures] of [
      [harbour, HARBOUR],
      [river, RIVER],
    ] as const) {
      const statement = statementOf(after, event.id)!;
      expect(statement).toMatchObject({
        ...figures,
        paidPence: figures.netDuePence,
        transferId: expect.stringMatching(/^tr_local_/),
        status: { kind: "paid" },
      });
      expect(statement.paidAt).toBe((statement.status as { date: string }).date);
      expect(after.payouts.find((payout) => payout.eventId === event.id)).toMatchObject({
        amountPence: figures.netDuePence,
        status: "paid",
        transferId: statement.transferId,
        reversals: [],
      });
    }
    expect(after.payouts).toHaveLength(2);

    const affiliate = (await promoter.client.get("/api/me/affiliate")).json().affiliate;
    expect(affiliate.payouts).toEqual([
      expect.objectContaining({
        eventId: harbour.id,
        eventTitle: "Harbour Lights",
        amountPence: 46,
        status: "paid",
        transferId: expect.stringMatching(/^tr_local_/),
      }),
    ]);
    // The organiser's own tab never lists the affiliate's transfer.
    expect(after.payouts.map((payout) => payout.amountPence).sort()).toEqual([2393, 3824]);
  });

  it("refuses someone else's event, as a missing one; an admin sees any", async () => {
    const { organiser, harbour } = await organiserWithSales();
    const other = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");

    expect((await organiser.client.get(`/api/payouts/statements/${harbour.id}`)).json()).toMatchObject(HARBOUR);
    const refused = await other.client.get(`/api/payouts/statements/${harbour.id}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe("EVENT_NOT_FOUND");
    expect(statementOf((await other.client.get("/api/payouts/statements")).json(), harbour.id)).toBeUndefined();
    expect((await other.client.get("/api/payouts/statements.csv")).body).not.toContain("Harbour Lights");

    expect((await admin.client.get(`/api/payouts/statements/${harbour.id}`)).json()).toMatchObject(HARBOUR);
    expect(statementOf((await admin.client.get("/api/payouts/statements")).json(), harbour.id)).toMatchObject(HARBOUR);
    expect((await t.app.inject({ method: "GET", url: "/api/payouts/statements" })).statusCode).toBe(401);
  });

  it("downloads the statements as CSV, one row per event, a title that looks like a formula made text", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, {
      userId: organiser.account.id,
      title: '=HYPERLINK("http://evil.example","Click")',
      pricePence: 1000,
      maxAttendees: 10,
    });
    await buy(buyer.client, event.id, 2);
    const response = await organiser.client.get("/api/payouts/statements.csv");
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="statements.csv"');
    // A byte order mark first, so Excel reads the file as UTF-8.
    expect(response.body.startsWith("\uFEFFEvent,")).toBe(true);
    const lines = response.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Event,Event date,Gross sales,Booking fees (paid by buyers),Organiser fees,Absorbed booking fees,Ticket refunds,Booking fee refunds,Affiliate commission,Disputed (withheld),Net due,Paid so far,Transfer,Paid on,Status,Discounts given (codes)",
    );
    expect(lines).toHaveLength(2);
    // 2 × £10.00; fee 2.9% of 2000p = 58p + 60p = 118p; net 1882p.
    expect(lines[1]).toBe(
      `"'=HYPERLINK(""http://evil.example"",""Click"")",2090-06-01,20.00,4.60,1.18,0.00,0.00,0.00,0.00,0.00,18.82,0.00,,,Awaiting event end,0.00`,
    );

    const payoutsCsv = await organiser.client.get("/api/payouts/payouts.csv");
    expect(payoutsCsv.statusCode).toBe(200);
    expect(payoutsCsv.body).toBe("\uFEFFEvent,Amount,Status,Transfer,Due,Paid on,Reversed,Reversals\r\n");
  });

  it("refuses the statement of the month under way (409), which the Payouts tab lists without a link until it is over", async () => {
    const { organiser, harbour } = await organiserWithSales();
    const month = await monthOfSales(harbour.id);
    const refused = await organiser.client.get(`/api/payouts/fee-statements/${month}.pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(new RegExp(`^This month is not over yet: the fee statement for ${formatStatementMonth(month)} is issued on \\w+day, 1 `));
    expect(((await organiser.client.get("/api/payouts/statements")).json() as Statements).feeStatements).toEqual([{ month, number: null, open: true }]);
    // A month not yet begun is not over either.
    expect((await organiser.client.get("/api/payouts/fee-statements/2099-01.pdf")).statusCode).toBe(409);
    expect(await t.db.select().from(feeStatements).where(eq(feeStatements.organiserId, organiser.account.id))).toEqual([]);
  });

  it("issues a past month's platform-fee statement, not a VAT invoice without the platform's VAT number, naming the month, each event and the totals", async () => {
    const { organiser, harbour, river } = await organiserWithSales();
    const month = await chargedMonthsAgo(1, harbour.id, river.id);
    const listed = (await organiser.client.get("/api/payouts/statements")).json() as Statements;
    expect(listed.feeStatements).toEqual([{ month, number: null, open: false }]);

    const response = await organiser.client.get(`/api/payouts/fee-statements/${month}.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const [issued] = await t.db.select().from(feeStatements).where(eq(feeStatements.organiserId, organiser.account.id));
    const number = formatFeeStatementNumber(issued!.number);
    expect(response.headers["content-disposition"]).toBe(`inline; filename="eventora-fees-${month}-${number}.pdf"`);
    const text = await pdfText(response.rawPayload);
    expect(t.config.company.vatNumber).toBeNull();
    expect(text).toMatch(/^Fee statement\n/);
    expect(text).toContain(`This is not a VAT invoice: ${t.config.company.name} is not registered for VAT`);
    expect(text).toContain(`Number: ${number}`);
    expect(text).not.toContain("VAT number");
    expect(text).toContain(formatStatementMonth(month));
    expect(text).toContain("Harbour Lights");
    expect(text).toContain("River Jazz");
    // Harbour Lights: £1.76 organiser fees (£2.64 less £0.88 taken off by the refund); River Jazz: £1.47 and £4.60 absorbed.
    expect(text).toMatch(/Harbour Lights[^\n]*\n?[^\n]*£1\.76\s+£0\.00\s+£1\.76/);
    expect(text).toMatch(/River Jazz[^\n]*\n?[^\n]*£1\.47\s+£4\.60\s+£6\.07/);
    expect(text).toMatch(/Total\s+£3\.23\s+£4\.60\s+£7\.83/);
    expect(((await organiser.client.get("/api/payouts/statements")).json() as Statements).feeStatements).toEqual([{ month, number, open: false }]);

    // Another organiser has no fees that month; a month with none has no statement; a malformed month is refused.
    const other = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await other.client.get(`/api/payouts/fee-statements/${month}.pdf`)).statusCode).toBe(404);
    expect((await organiser.client.get("/api/payouts/fee-statements/2001-01.pdf")).statusCode).toBe(404);
    expect((await organiser.client.get("/api/payouts/fee-statements/2026-13.pdf")).statusCode).toBe(400);
  });

  it("counts fees in the UK month they were charged: 23:30 UTC on 30 June is July in London", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: "Midsummer Ceilidh", pricePence: 1000, maxAttendees: 10 });
    await buy(buyer.client, event.id, 1);
    await t.db
      .update(ledgerEntries)
      .set({ createdAt: new Date("2026-06-30T23:30:00Z") })
      .where(eq(ledgerEntries.eventId, event.id));
    expect((await organiser.client.get("/api/payouts/statements")).json().feeStatements).toEqual([{ month: "2026-07", number: null, open: false }]);
    expect((await organiser.client.get("/api/payouts/fee-statements/2026-06.pdf")).statusCode).toBe(404);
    const text = await pdfText((await organiser.client.get("/api/payouts/fee-statements/2026-07.pdf")).rawPayload);
    expect(text).toContain("July 2026");
    // 2.9% of 1000p = 29p + 30p.
    expect(text).toMatch(/Total\s+£0\.59\s+£0\.00\s+£0\.59/);
  });

  it("issues each organiser's statement for the month and e-mails one link to it with its number, even when run twice", async () => {
    const first = await organiserWithSales();
    const second = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: second.account.id, title: "Second Organiser's Night", pricePence: 1000, maxAttendees: 10 });
    await buy(buyer.client, event.id, 1);
    const month = await chargedMonthsAgo(2, first.harbour.id, first.river.id, event.id);
    const run = { db: t.db, jobs: t.app.jobs, company: t.config.company };

    const [a, b] = await Promise.all([queueFeeStatementEmails(run, month), queueFeeStatementEmails(run, month)]);
    // Every organiser with fees this month in this file's database is queued once across the two runs.
    const organisers = await t.db
      .selectDistinct({ userId: events.userId })
      .from(ledgerEntries)
      .innerJoin(events, eq(events.id, ledgerEntries.eventId))
      .where(and(eq(ledgerEntries.kind, "organiser_fee"), eq(ukMonthOf(ledgerEntries.createdAt), month)));
    expect(organisers.map((row) => row.userId)).toEqual(expect.arrayContaining([first.organiser.account.id, second.account.id]));
    expect(a + b).toBe(organisers.length);
    expect(await queueFeeStatementEmails(run, month)).toBe(0);
    const issued = await t.db.select().from(feeStatements).where(eq(feeStatements.month, month));
    expect(issued.map((row) => row.organiserId).sort()).toEqual(organisers.map((row) => row.userId).sort());

    for (const account of [first.organiser.account, second.account]) {
      const message = await latestMessage(t.db, account.email, (m) => Boolean(m.subject?.includes("fee statement")));
      expect(message.subject).toBe(`Your Eventora fee statement: ${formatStatementMonth(month)}`);
      expect(message.text).toContain(`${t.config.publicUrl}/api/payouts/fee-statements/${month}.pdf`);
      expect(message.text).toContain(formatFeeStatementNumber(issued.find((row) => row.organiserId === account.id)!.number));
    }
    // Give a duplicate time to arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const account of [first.organiser.account, second.account]) {
      expect((await listMailbox({ db: t.db, to: account.email })).filter((m) => m.subject?.includes("fee statement"))).toHaveLength(1);
    }
  });
});

/**
 * Issue 36: "Northern Lights Weekender" (under 150 places) sells Early bird (£10.00, its fixture type), Standard
 * (£15.00) and VIP (£40.00), and a hidden Crew type that sells nothing. One order buys 2 Early bird and 1
 * Standard; another 2 VIP, of which the organiser refunds 1.
 */
async function weekenderWithSales() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, title: "Northern Lights Weekender", pricePence: 1000, maxAttendees: 150, severalPrices: true });
  const [early] = await t.db.update(ticketTypes).set({ name: "Early bird", capacity: 50 }).where(eq(ticketTypes.eventId, event.id)).returning();
  const [standard, vip] = await t.db
    .insert(ticketTypes)
    .values([
      { eventId: event.id, name: "Standard", pricePence: 1500, position: 1 },
      { eventId: event.id, name: "VIP", pricePence: 4000, capacity: 20, position: 2 },
      { eventId: event.id, name: "Crew", pricePence: 500, position: 3, hidden: true },
    ])
    .returning();
  const pay = async (items: { ticketTypeId: string; ticketQuantity: number }[]) => {
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", items: items.map((item) => ({ eventId: event.id, ...item })) });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  };
  await pay([
    { ticketTypeId: early!.id, ticketQuantity: 2 },
    { ticketTypeId: standard!.id, ticketQuantity: 1 },
  ]);
  await pay([{ ticketTypeId: vip!.id, ticketQuantity: 2 }]);
  const [vipBooking] = await t.db.select().from(bookings).where(eq(bookings.ticketTypeId, vip!.id));
  const refund = await organiser.client.post(`/api/bookings/${vipBooking!.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: `types-refund-${event.id}` });
  expect(refund.statusCode, refund.body).toBe(200);
  return { organiser, event, early: early!, standard: standard!, vip: vip! };
}

describe("statements per ticket type (issue 36)", () => {
  it("breaks an event's sales down by type, as sold, adding up to the event's own figures", async () => {
    const { organiser, event, early, standard, vip } = await weekenderWithSales();
    // The price changes after the sales: the statement is a record of what was sold, at what it was sold for.
    // (An edit, as the event form saves one: the event's row changes with its type, which reconcile reads.)
    await t.db.update(ticketTypes).set({ pricePence: 5500 }).where(eq(ticketTypes.id, vip.id));
    await t.db.update(events).set({ updatedAt: new Date() }).where(eq(events.id, event.id));

    const statement = (await organiser.client.get(`/api/payouts/statements/${event.id}`)).json() as EventStatement;
    // 2 × £10.00 + 1 × £15.00 + 2 × £40.00 = 11500p; one VIP ticket (4000p) refunded.
    expect(statement).toMatchObject({ grossSalesPence: 11500, ticketRefundsPence: 4000 });
    expect(statement.ticketTypes).toEqual([
      { ticketTypeId: early.id, name: "Early bird", ticketsSold: 2, ticketsRefunded: 0, grossSalesPence: 2000, ticketRefundsPence: 0, discountsPence: 0 },
      { ticketTypeId: standard.id, name: "Standard", ticketsSold: 1, ticketsRefunded: 0, grossSalesPence: 1500, ticketRefundsPence: 0, discountsPence: 0 },
      { ticketTypeId: vip.id, name: "VIP", ticketsSold: 2, ticketsRefunded: 1, grossSalesPence: 8000, ticketRefundsPence: 4000, discountsPence: 0 },
    ]);
    const sum = (figure: "grossSalesPence" | "ticketRefundsPence" | "ticketsSold" | "ticketsRefunded") => statement.ticketTypes.reduce((total, type) => total + type[figure], 0);
    expect(sum("grossSalesPence")).toBe(statement.grossSalesPence);
    expect(sum("ticketRefundsPence")).toBe(statement.ticketRefundsPence);
    const issued = await t.db.select({ status: tickets.status }).from(tickets).where(eq(tickets.eventId, event.id));
    expect(sum("ticketsSold")).toBe(issued.length);
    expect(sum("ticketsRefunded")).toBe(issued.filter((ticket) => ticket.status === "refunded").length);
    // The Payouts tab's list carries the same breakdown.
    expect(statementOf((await organiser.client.get("/api/payouts/statements")).json(), event.id)?.ticketTypes).toEqual(statement.ticketTypes);
  });

  it("gives an event with one type that one type, equal to the event", async () => {
    const { organiser, harbour } = await organiserWithSales();
    const statement = (await organiser.client.get(`/api/payouts/statements/${harbour.id}`)).json() as EventStatement;
    expect(statement.ticketTypes).toEqual([expect.objectContaining({ name: "General Admission", ticketsSold: 3, ticketsRefunded: 1, grossSalesPence: HARBOUR.grossSalesPence, ticketRefundsPence: HARBOUR.ticketRefundsPence })]);
  });

  it("adds a table per type to the CSV after the events' rows, whose columns stay as they were (issue 37's discounts last)", async () => {
    const { organiser } = await weekenderWithSales();
    const lines = (await organiser.client.get("/api/payouts/statements.csv")).body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Event,Event date,Gross sales,Booking fees (paid by buyers),Organiser fees,Absorbed booking fees,Ticket refunds,Booking fee refunds,Affiliate commission,Disputed (withheld),Net due,Paid so far,Transfer,Paid on,Status,Discounts given (codes)",
    );
    expect(lines[1]).toMatch(/^Northern Lights Weekender,2090-06-01,115\.00,[\d.]+,[\d.]+,0\.00,40\.00,/);
    expect(lines.slice(2)).toEqual([
      "",
      "Event,Event date,Ticket type,Tickets sold,Tickets refunded,Gross sales,Ticket refunds,Discounts given (codes)",
      "Northern Lights Weekender,2090-06-01,Early bird,2,0,20.00,0.00,0.00",
      "Northern Lights Weekender,2090-06-01,Standard,1,0,15.00,0.00,0.00",
      "Northern Lights Weekender,2090-06-01,VIP,2,1,80.00,40.00,0.00",
    ]);
  });
});
