import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { pdfText } from "../../../../test/pdf-text";
import { formatFeeStatementNumber, formatPounds, formatStatementMonth, summariseLedger, type Statements } from "../../../domain";
import { bookings, documentSequences, events, feeStatements, ledgerEntries, profiles } from "../../db/schema";
import { PLATFORM_ISSUER } from "../ledger/document-numbers";
import { ukMonthOf } from "../ledger/settlement";
import { issueFeeStatement, issueFeeStatements } from "./fee-statements.service";

// The platform is VAT-registered here: its fee statements are VAT invoices (issue 34).
const t = setUpTestApp({ COMPANY_VAT_NUMBER: "GB 221 7474 78" });

type Client = Awaited<ReturnType<typeof signInAs>>["client"];

/** The UK month `monthsAgo` before this one, and an instant in its middle (at most 2 back: inside the closing reconcile's window). */
function monthsAgo(count: 1 | 2): { at: Date; month: string } {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 15, 12));
  return { at, month: at.toISOString().slice(0, 7) };
}

async function dateLedgerOf(eventIds: string[], at: Date) {
  await t.db.update(ledgerEntries).set({ createdAt: at }).where(inArray(ledgerEntries.eventId, eventIds));
}

async function buy(buyer: Client, eventId: string, ticketQuantity: number) {
  const checkout = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId, ticketQuantity });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, eventId));
  return booking!;
}

const SELLER = {
  businessName: "Lantern Nights Ltd",
  businessAddress: "9 New Road\nHalifax\nHX1 1AA",
  sellerKind: "business",
  companyNumber: "01234567",
  vatTreatment: "standard",
  vatNumber: "GB333999849",
};

/** The platform fees on the ledger for an organiser's events in a UK month, summed by the domain's table of signs. */
async function ledgerFees(organiserId: string, month: string): Promise<number> {
  const rows = await t.db
    .select({ kind: ledgerEntries.kind, amountPence: ledgerEntries.amountPence })
    .from(ledgerEntries)
    .innerJoin(events, eq(events.id, ledgerEntries.eventId))
    .where(and(eq(events.userId, organiserId), eq(ukMonthOf(ledgerEntries.createdAt), month)));
  const summary = summariseLedger(rows);
  return summary.organiserFeesPence + summary.absorbedFeesPence;
}

describe("monthly fee statements as VAT invoices (issue 34)", () => {
  it("issues a closed month's statement once: a numbered VAT invoice from the platform to the organiser, lines whose net and VAT make the gross, totals equal to the ledger's fees", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await t.db.update(profiles).set(SELLER).where(eq(profiles.userId, organiser.account.id));
    const harbour = await createEvent(t.db, { userId: organiser.account.id, title: "Harbour Lights", pricePence: 2000, maxAttendees: 50 });
    const river = await createEvent(t.db, { userId: organiser.account.id, title: "River Jazz", pricePence: 1500, maxAttendees: 50, absorbsBookingFee: true });
    const harbourBooking = await buy(buyer.client, harbour.id, 3);
    await buy(buyer.client, river.id, 2);
    const { at, month } = monthsAgo(1);
    await dateLedgerOf([harbour.id, river.id], at);

    const first = await organiser.client.get(`/api/payouts/fee-statements/${month}.pdf`);
    expect(first.statusCode).toBe(200);
    const [issued, ...more] = await t.db.select().from(feeStatements).where(eq(feeStatements.organiserId, organiser.account.id));
    expect(more).toEqual([]);
    const number = formatFeeStatementNumber(issued!.number);
    expect(number).toMatch(/^F-\d{6}$/);
    const text = await pdfText(first.rawPayload);
    expect(text).toMatch(/^VAT invoice\n/);
    expect(text).not.toContain("not a VAT invoice");
    expect(text).toContain(`Number: ${number}`);
    expect(text).toMatch(/Date of issue: \w+day, \d{1,2} \w+ 20\d\d/);
    expect(text).toContain(`Platform fees charged in ${formatStatementMonth(month)} (UK time)`);
    // The platform as configured, and the organiser as their profile says.
    const company = t.config.company;
    for (const detail of [company.name, company.address.split("\n")[0]!, `Company number ${company.number}`, "VAT number GB221747478"]) expect(text).toContain(detail);
    for (const detail of ["Lantern Nights Ltd", "9 New Road", "Company number 01234567", "VAT number GB333999849"]) expect(text).toContain(detail);

    // Harbour Lights: 3 × £20.00, organiser fee 2.9% of 6000p = 174p + 90p = 264p, of which VAT 44p (264 × 20/120), net 220p.
    // River Jazz: 2 × £15.00, organiser fee 87p + 60p = 147p, absorbed fee 460p; 607p gross, VAT 101p, net 506p.
    expect(text).toMatch(/Harbour Lights[^\n]*\n?[^\n]*£2\.64\s+£0\.00\s+£2\.20\s+£0\.44\s+£2\.64/);
    expect(text).toMatch(/River Jazz[^\n]*\n?[^\n]*£1\.47\s+£4\.60\s+£5\.06\s+£1\.01\s+£6\.07/);
    expect(text).toMatch(/Total\s+£4\.11\s+£4\.60\s+£7\.26\s+£1\.45\s+£8\.71/);
    expect(text).toContain("VAT at 20%");
    for (const line of issued!.lines) expect(line.netPence! + line.vatPence!).toBe(line.grossPence);
    const gross = issued!.lines.reduce((sum, line) => sum + line.grossPence, 0);
    expect(gross).toBe(await ledgerFees(organiser.account.id, month));
    expect(formatPounds(gross)).toBe("£8.71");

    // Asked again: the same document, number and all.
    const again = await organiser.client.get(`/api/payouts/fee-statements/${month}.pdf`);
    expect(again.headers["content-disposition"]).toBe(first.headers["content-disposition"]);
    expect(await pdfText(again.rawPayload)).toBe(text);
    const listed = (await organiser.client.get("/api/payouts/statements")).json() as Statements;
    expect(listed.feeStatements).toEqual([{ month, number, open: false }]);

    // The organiser changes their details, the platform its configuration, and a refund now takes fees back:
    // the issued statement stays as issued, and the refund's fees count in this month.
    await t.db
      .update(profiles)
      .set({ businessName: "Renamed Events Ltd", businessAddress: "1 Other Street\nLeeds\nLS1 1AA", companyNumber: "07654321", vatNumber: "GB980780684" })
      .where(eq(profiles.userId, organiser.account.id));
    const refund = await organiser.client.post(`/api/bookings/${harbourBooking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: `fee-statement-refund-${harbour.id}` });
    expect(refund.statusCode).toBe(200);
    const reissued = await issueFeeStatement({
      db: t.db,
      organiserId: organiser.account.id,
      month,
      company: { name: "Other Platform Ltd", number: "99999999", address: "Elsewhere", vatNumber: null },
      now: new Date(),
    });
    expect(reissued).toEqual(issued);
    const later = await pdfText((await organiser.client.get(`/api/payouts/fee-statements/${month}.pdf`)).rawPayload);
    expect(later).toBe(text);
    expect(later).not.toMatch(/Renamed|Other Street|07654321|GB980780684/);
    const [refunded] = await t.db
      .select({ month: ukMonthOf(ledgerEntries.createdAt) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.eventId, harbour.id), eq(ledgerEntries.kind, "organiser_fee_reversal")));
    expect(refunded!.month).not.toBe(month);
    expect(((await organiser.client.get("/api/payouts/statements")).json() as Statements).feeStatements).toEqual([
      { month: refunded!.month, number: null, open: true },
      { month, number, open: false },
    ]);
  });

  it("numbers statements issued at once for many organisers 1, 2, 3… without gaps, one per organiser and month however often asked", async () => {
    const { at, month } = monthsAgo(2);
    const organisers = await Promise.all(Array.from({ length: 6 }, () => signInAs(t.app, t.db, t.config.publicUrl, "user")));
    for (const organiser of organisers) {
      const event = await createEvent(t.db, { userId: organiser.account.id, title: `Night of ${organiser.account.id}`, pricePence: 1000, maxAttendees: 100 });
      await createPaidBookings(t.db, { eventId: event.id, pricePence: 1000, count: 2 });
      await dateLedgerOf([event.id], at);
    }

    // Each organiser asks twice at once while the monthly run issues everyone's.
    const [responses] = await Promise.all([
      Promise.all(organisers.flatMap(({ client }) => [client.get(`/api/payouts/fee-statements/${month}.pdf`), client.get(`/api/payouts/fee-statements/${month}.pdf`)])),
      issueFeeStatements({ db: t.db, month, company: t.config.company, now: new Date() }),
      issueFeeStatements({ db: t.db, month, company: t.config.company, now: new Date() }),
    ]);
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));

    const issued = await t.db.select().from(feeStatements).where(eq(feeStatements.month, month));
    expect(issued.map((row) => row.organiserId).sort()).toEqual(organisers.map(({ account }) => account.id).sort());
    organisers.forEach(({ account }, index) => {
      const number = formatFeeStatementNumber(issued.find((row) => row.organiserId === account.id)!.number);
      for (const response of responses.slice(index * 2, index * 2 + 2)) expect(response.headers["content-disposition"]).toContain(`-${number}.pdf`);
    });
    // Every statement in this file's database: numbers 1 to n, and the series' counter at n.
    const all = (await t.db.select({ number: feeStatements.number }).from(feeStatements)).map((row) => row.number).sort((a, b) => a - b);
    expect(all).toEqual(all.map((_, index) => index + 1));
    const [sequence] = await t.db
      .select({ lastNumber: documentSequences.lastNumber })
      .from(documentSequences)
      .where(and(eq(documentSequences.issuer, PLATFORM_ISSUER), eq(documentSequences.series, "fee-statement")));
    expect(sequence?.lastNumber).toBe(all.length);
  });
});
