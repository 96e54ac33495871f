import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TICKET_CODE_PATTERN, ticketQrPayload } from "../../domain";
import { createTestDatabase } from "../../../test/database";
import { rollBackTo } from "../../../test/roll-back-migrations";
import { checkTicket, managerDoor } from "../features/check-in/check-in.service";
import { reconcile, formatReconcileReport } from "../features/ledger/reconcile";
import { createTicketSigner } from "../features/tickets/ticket-signer";
import { rowsOf } from "./client";
import { seedDemoData } from "./seed";

interface BookingBefore {
  id: string;
  ticket_code: string;
  attendee_name: string;
  ticket_quantity: number;
  refunded_quantity: number;
  checked_in_at: string | null;
  status: string;
}

/**
 * Migration 0028 (issue 36, decision 041) on a copy of the demo data as the last release held it: every booking
 * of N tickets becomes N tickets, the first under the code its QR carries; a QR signed for several tickets still
 * admits them together; nothing sold changes, and the ledger still reconciles.
 */
describe("migration 0028: one ticket per attendee over bookings sold before it", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const mediaDir = mkdtempSync(join(tmpdir(), "eventora-tickets-migration-"));
  let before: BookingBefore[];
  const bookingColumns = sql`id, ticket_code, attendee_name, ticket_quantity, refunded_quantity, checked_in_at::text, status`;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData({ db: database.db, mediaDir });
    await rollBackTo(database.db, "0027_ticket_types");
    // A group admitted at the door before the release, so its tickets must come across admitted.
    await database.db.execute(sql`update bookings set checked_in_at = now() - interval '1 day'
      where id = (select id from bookings where status = 'confirmed' and ticket_quantity >= 2 order by id limit 1)`);
    before = rowsOf<BookingBefore>(await database.db.execute(sql`select ${bookingColumns} from bookings order by id`));
    await database.migrate();
  }, 180_000);
  afterAll(async () => {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("makes every booking of N tickets N tickets: the first under its code, the refunded ones refunded, all named after the booking", async () => {
    const tickets = rowsOf<{ booking_id: string; position: number; code: string; attendee_name: string; status: string; checked_in_at: string | null }>(
      await database.db.execute(sql`select booking_id, position, code, attendee_name, status, checked_in_at::text from tickets order by booking_id, position`),
    );
    expect(before.filter((booking) => booking.ticket_quantity >= 2).length).toBeGreaterThan(3);
    for (const booking of before) {
      const own = tickets.filter((ticket) => ticket.booking_id === booking.id);
      expect(own.map((ticket) => ticket.position)).toEqual(Array.from({ length: booking.ticket_quantity + booking.refunded_quantity }, (_, i) => i + 1));
      expect(own[0]!.code).toBe(booking.ticket_code);
      expect(own.filter((ticket) => ticket.status === "valid")).toHaveLength(booking.ticket_quantity);
      expect(own.every((ticket) => ticket.attendee_name === booking.attendee_name)).toBe(true);
      for (const ticket of own) expect(ticket.checked_in_at).toBe(ticket.status === "valid" ? booking.checked_in_at : null);
    }
    expect(tickets.slice(1).every((ticket) => TICKET_CODE_PATTERN.test(ticket.code))).toBe(true);
    expect(new Set(tickets.map((ticket) => ticket.code)).size).toBe(tickets.length);
  });

  it("changes nothing sold, and the ledger reconciles", async () => {
    expect(rowsOf(await database.db.execute(sql`select ${bookingColumns} from bookings order by id`))).toEqual(before);
    const report = await reconcile(database.db);
    expect(report.problems, formatReconcileReport(report)).toEqual([]);
  });

  it("lets an old QR for several tickets admit them together, once; a new QR admits its own ticket alone", async () => {
    const [group] = rowsOf<{ id: string; ticket_code: string; attendee_name: string; ticket_quantity: number; title: string; date_time: string; organiser: string }>(
      await database.db.execute(sql`select b.id, b.ticket_code, b.attendee_name, b.ticket_quantity, e.title, e.date_time::text, e.user_id as organiser
        from bookings b join events e on e.id = b.event_id
        where b.status = 'confirmed' and b.ticket_quantity >= 2 and b.checked_in_at is null and e.status <> 'cancelled' order by b.id limit 2`),
    );
    const [second] = rowsOf<{ id: string; ticket_code: string; attendee_name: string; ticket_quantity: number; title: string; date_time: string; organiser: string }>(
      await database.db.execute(sql`select b.id, b.ticket_code, b.attendee_name, b.ticket_quantity, e.title, e.date_time::text, e.user_id as organiser
        from bookings b join events e on e.id = b.event_id
        where b.status = 'confirmed' and b.ticket_quantity >= 2 and b.checked_in_at is null and e.status <> 'cancelled' and b.id <> ${group!.id} order by b.id limit 1`),
    );
    const signer = createTicketSigner(database.db);
    const event = (row: typeof group) => ({ title: row!.title, dateTime: new Date(row!.date_time) });
    // The QR the e-mail carried before the release: the booking's code, signed for all its tickets.
    const oldQr = { ...ticketQrPayload({ code: group!.ticket_code, bookingId: group!.id, attendeeName: group!.attendee_name }, event(group)), ticketQuantity: group!.ticket_quantity };
    const scan = async (payload: typeof oldQr, organiser: string) =>
      checkTicket({ db: database.db, signer, door: managerDoor({ userId: organiser, isAdmin: false }), input: { qr: JSON.stringify(await signer.sign(payload)), checkIn: true, direction: "in", confirm: true } });

    const first = await scan(oldQr, group!.organiser);
    expect(first).toMatchObject({ valid: true, alreadyCheckedIn: false, attendee: { tickets: group!.ticket_quantity } });
    const again = await scan(oldQr, group!.organiser);
    expect(again).toMatchObject({ valid: true, alreadyCheckedIn: true });
    const admitted = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from tickets where booking_id = ${group!.id} and checked_in_at is not null`))[0]!.n;
    expect(admitted).toBe(group!.ticket_quantity);

    // A QR signed since names one ticket: ticket 2 of another booking goes in alone.
    const [ticket2] = rowsOf<{ code: string; attendee_name: string }>(await database.db.execute(sql`select code, attendee_name from tickets where booking_id = ${second!.id} and position = 2`));
    const newQr = ticketQrPayload({ code: ticket2!.code, bookingId: second!.id, attendeeName: ticket2!.attendee_name }, event(second));
    expect(await scan(newQr, second!.organiser)).toMatchObject({ valid: true, alreadyCheckedIn: false, ticketId: ticket2!.code, attendee: { tickets: 1 } });
    const secondAdmitted = rowsOf<{ position: number }>(await database.db.execute(sql`select position from tickets where booking_id = ${second!.id} and checked_in_at is not null order by position`));
    expect(secondAdmitted.map((row) => row.position)).toEqual([2]);
    // The report still balances with admissions recorded per ticket.
    const report = await reconcile(database.db);
    expect(report.problems, formatReconcileReport(report)).toEqual([]);
  });
});
