import { describe, expect, it } from "vitest";
import { checkInList, createTestSigningKey, TEST_EVENT, ticketPayload } from "../web/features/check-in/lib/test-signing-key";
import { createTicketSignatureCheck } from "../web/features/check-in/lib/ticket-signature";
import { CANCELLED_EVENT_TICKET_MESSAGE, DISPUTED_TICKET_MESSAGE, REFUNDED_TICKET_MESSAGE, revokedTicketMessage } from "./ticket-revocation";
import { admissibleTickets, checkTicketOffline, OFFLINE_REASONS, type LocalCheckIn } from "./tickets";
import type { CheckInList } from "./tickets-shapes";

const NOW = new Date("2090-06-01T18:05:00.000Z");
const verifySignature = createTicketSignatureCheck();

async function setUp(tickets?: Parameters<typeof checkInList>[1]) {
  const signer = await createTestSigningKey();
  const list = checkInList([signer.key], tickets);
  const text = JSON.stringify(await signer.sign(ticketPayload()));
  return { signer, list, text };
}

function run(text: string, lists: CheckInList[], options: { checkIn?: boolean; localCheckIns?: LocalCheckIn[]; doorEventId?: string } = {}) {
  return checkTicketOffline({ text, lists, localCheckIns: options.localCheckIns ?? [], checkIn: options.checkIn ?? true, now: NOW, verifySignature, doorEventId: options.doorEventId });
}

describe("checkTicketOffline", () => {
  it("admits a genuine, confirmed ticket from the list once, with the event and attendee", async () => {
    const { list, text } = await setUp();
    const { result, admitted } = await run(text, [list]);
    expect(result).toEqual({
      valid: true,
      error: null,
      ticketId: "TCKT-2090-0000AAAA",
      status: "confirmed",
      alreadyCheckedIn: false,
      checkedInAt: NOW.toISOString(),
      event: { id: TEST_EVENT.id, title: TEST_EVENT.title, date: TEST_EVENT.dateTime, venue: "Brudenell Social Club", location: "Leeds", minAge: null },
      attendee: { name: "Ada Lovelace", email: "ada@example.test", tickets: 1 },
    });
    expect(admitted).toEqual({
      ticketId: "TCKT-2090-0000AAAA",
      eventId: TEST_EVENT.id,
      eventTitle: TEST_EVENT.title,
      attendeeName: "Ada Lovelace",
      checkedInAt: NOW.toISOString(),
      // Issue 38: the scan's own nonce (a repeated upload records nothing twice), an entry, not confirmed outside the door window.
      nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
      direction: "in",
      confirmed: false,
    });

    const again = await run(text, [list], { localCheckIns: [admitted!] });
    expect(again.admitted).toBeNull();
    expect(again.result).toMatchObject({ valid: true, alreadyCheckedIn: true, checkedInAt: NOW.toISOString() });
  });

  it("lets an old QR signed for several tickets admit its booking's valid tickets together, once (decision 041)", async () => {
    const signer = await createTestSigningKey();
    // Booking 1's three tickets, one listed apart since; the third refunded on its own; booking 2 a stranger.
    const list = checkInList([signer.key], [{}, { bookingId: "booking-1" }, { bookingId: "booking-1", status: "refunded", ticketQuantity: 0 }, {}]);
    const oldQr = JSON.stringify(await signer.sign(ticketPayload({ ticketQuantity: 3 })));
    const first = await run(oldQr, [list]);
    expect(first.result).toMatchObject({ valid: true, alreadyCheckedIn: false, attendee: { tickets: 2 } });
    expect(first.admitted).toMatchObject({ ticketId: "TCKT-2090-0000AAAA", wholeBooking: true });
    // The group came in together: the old QR again, or the second ticket's own QR, finds it in.
    const again = await run(oldQr, [list], { localCheckIns: [first.admitted!] });
    expect(again.admitted).toBeNull();
    expect(again.result).toMatchObject({ valid: true, alreadyCheckedIn: true, checkedInAt: NOW.toISOString() });
    const single = JSON.stringify(await signer.sign(ticketPayload({ ticketId: "TCKT-2090-00000001", bookingId: "booking-1" })));
    expect((await run(single, [list], { localCheckIns: [first.admitted!] })).result.alreadyCheckedIn).toBe(true);

    // Before the group came in, a QR of one ticket admits that ticket alone, and carries no group.
    const own = await run(single, [list]);
    expect(own.result).toMatchObject({ valid: true, attendee: { tickets: 1 } });
    expect(own.admitted).not.toHaveProperty("wholeBooking");
  });

  it("only validates when auto check-in is off", async () => {
    const { list, text } = await setUp();
    const { result, admitted } = await run(text, [list], { checkIn: false });
    expect(admitted).toBeNull();
    expect(result).toMatchObject({ valid: true, alreadyCheckedIn: false, checkedInAt: null });
  });

  it("reports the check-in time the downloaded list already has", async () => {
    const { list, text } = await setUp([{ checkedInAt: "2090-06-01T17:30:00.000Z" }]);
    const { result, admitted } = await run(text, [list]);
    expect(admitted).toBeNull();
    expect(result).toMatchObject({ valid: true, alreadyCheckedIn: true, checkedInAt: "2090-06-01T17:30:00.000Z" });
  });

  it("refuses a forged payload: one changed character keeps the signature but fails it", async () => {
    const { list, text } = await setUp();
    const forged = text.replace("Ada Lovelace", "Ada Lovelacf");
    const { result, admitted } = await run(forged, [list]);
    expect(admitted).toBeNull();
    expect(result).toMatchObject({ valid: false, error: OFFLINE_REASONS.forged, ticketId: "TCKT-2090-0000AAAA", event: null, attendee: null });
  });

  it("refuses a genuine signature for another booking, an unpaid ticket, a ticket not in any list", async () => {
    const { signer, list } = await setUp([{}, { status: "pending" }]);
    const otherBooking = JSON.stringify(await signer.sign(ticketPayload({ bookingId: "booking-9" })));
    expect((await run(otherBooking, [list])).result).toMatchObject({ valid: false, error: OFFLINE_REASONS.notFound });
    const unpaid = JSON.stringify(await signer.sign(ticketPayload({ ticketId: "TCKT-2090-00000001", bookingId: "booking-2" })));
    expect((await run(unpaid, [list])).result).toMatchObject({ valid: false, error: OFFLINE_REASONS.notFound });
    const unknown = JSON.stringify(await signer.sign(ticketPayload({ ticketId: "TCKT-2090-FFFFFFFF" })));
    expect((await run(unknown, [list])).result).toMatchObject({ valid: false, error: OFFLINE_REASONS.notFound, ticketId: "TCKT-2090-FFFFFFFF" });
    expect((await run(JSON.stringify(await signer.sign(ticketPayload())), [])).result).toMatchObject({ valid: false });
  });

  it("refuses a plain code, which carries no signature to check", async () => {
    const { list } = await setUp();
    const { result } = await run("TCKT-2090-0000AAAA", [list]);
    expect(result).toMatchObject({ valid: false, error: OFFLINE_REASONS.unsigned, ticketId: "TCKT-2090-0000AAAA" });
  });

  it("carries the event's minimum age from the list to the result, and none from a list downloaded before age limits (issue 34)", async () => {
    const { list, text } = await setUp();
    expect((await run(text, [{ ...list, event: { ...list.event, minAge: 18 } }])).result.event?.minAge).toBe(18);
    expect((await run(text, [{ ...list, event: { ...list.event, minAge: undefined } }])).result.event?.minAge).toBeNull();
  });

  it("gives no location when the event has none", async () => {
    const { list, text } = await setUp();
    const { result } = await run(text, [{ ...list, event: { ...list.event, location: "" } }]);
    expect(result.event?.location).toBeNull();
  });

  it("refuses, without admitting, a genuine ticket for another of the organiser's events than the door's (issue 17)", async () => {
    const { list, text } = await setUp();
    const { result, admitted } = await run(text, [list], { doorEventId: "event-2" });
    expect(result).toMatchObject({ valid: false, error: "Not for this event: this ticket is for Northern Soul Night (Thu, 1 Jun 2090, 19:00).", event: null });
    expect(admitted).toBeNull();
    expect((await run(text, [list], { doorEventId: TEST_EVENT.id })).result.valid).toBe(true);
  });

  it("refuses a refunded or a disputed ticket by name, before the door's event and without admitting (issue 19)", async () => {
    for (const [status, message] of [["refunded", REFUNDED_TICKET_MESSAGE], ["disputed", DISPUTED_TICKET_MESSAGE]] as const) {
      const { list, text } = await setUp([{ status, ticketQuantity: status === "refunded" ? 0 : 2 }]);
      const { result, admitted } = await run(text, [list]);
      expect(result).toEqual({ valid: false, error: message, ticketId: "TCKT-2090-0000AAAA", status: null, alreadyCheckedIn: false, checkedInAt: null, event: null, attendee: null });
      expect(admitted).toBeNull();
      expect((await run(text, [list], { checkIn: false })).result.error).toBe(message);
      // Another event's door still says the ticket is for another event: the revocation is that event's business.
      expect((await run(text, [list], { doorEventId: "event-2" })).result.error).toMatch(/^Not for this event/);
      expect(admissibleTickets(list)).toEqual([]);
    }
  });

  it("refuses every ticket of a cancelled event, even one still confirmed in the list", async () => {
    const { list, text } = await setUp([{}, { status: "refunded", ticketQuantity: 0 }]);
    const cancelled = { ...list, event: { ...list.event, status: "cancelled" } };
    const { result, admitted } = await run(text, [cancelled]);
    expect(result).toMatchObject({ valid: false, error: CANCELLED_EVENT_TICKET_MESSAGE });
    expect(admitted).toBeNull();
    expect(admissibleTickets(cancelled)).toEqual([]);
    // The same list before the cancellation admitted it (lists downloaded before statuses were sent have none).
    expect((await run(text, [{ ...list, event: { ...list.event, status: "active" } }])).result.valid).toBe(true);
    expect((await run(text, [list])).result.valid).toBe(true);
  });

  it("admits what remains of a partly refunded booking, for its valid tickets", async () => {
    const { list, text } = await setUp([{ ticketQuantity: 1 }]);
    const { result, admitted } = await run(text, [list]);
    expect(result).toMatchObject({ valid: true, attendee: { tickets: 1 } });
    expect(admitted).not.toBeNull();
  });

  it("refuses a revoked ticket even when this device admitted it before it learnt of the refund", async () => {
    const { list, text } = await setUp([{ status: "refunded", ticketQuantity: 0 }]);
    const earlier: LocalCheckIn = { ticketId: "TCKT-2090-0000AAAA", eventId: TEST_EVENT.id, eventTitle: TEST_EVENT.title, attendeeName: "Ada Lovelace", checkedInAt: NOW.toISOString() };
    expect((await run(text, [list], { localCheckIns: [earlier] })).result).toMatchObject({ valid: false, error: REFUNDED_TICKET_MESSAGE });
  });
});

describe("revokedTicketMessage", () => {
  it("names a refund, a dispute and a cancellation, and leaves unsold tickets to the unknown-or-unpaid answer", () => {
    expect(revokedTicketMessage({ status: "confirmed" }, {})).toBeNull();
    expect(revokedTicketMessage({ status: "confirmed" }, { status: "active" })).toBeNull();
    expect(revokedTicketMessage({ status: "refunded" }, { status: "active" })).toBe(REFUNDED_TICKET_MESSAGE);
    expect(revokedTicketMessage({ status: "disputed" }, { status: null })).toBe(DISPUTED_TICKET_MESSAGE);
    expect(revokedTicketMessage({ status: "confirmed" }, { status: "cancelled" })).toBe(CANCELLED_EVENT_TICKET_MESSAGE);
    expect(revokedTicketMessage({ status: "refunded" }, { status: "cancelled" })).toBe(CANCELLED_EVENT_TICKET_MESSAGE);
    expect(revokedTicketMessage({ status: "pending" }, { status: "cancelled" })).toBeNull();
    expect(revokedTicketMessage({ status: "failed" }, { status: "active" })).toBeNull();
  });
});

describe("checkTicketOffline: the door's rules (issue 38)", () => {
  const STANDARD = "00000000-0000-4000-8000-00000000000a";
  const VIP = "00000000-0000-4000-8000-00000000000b";
  const LISTS = [
    { id: "list-all", name: "All tickets", isDefault: true, ticketTypeIds: null, opensAt: null, closesAt: null, allowMultipleEntries: false, allowReentry: false },
    { id: "list-vip", name: "VIP entrance", isDefault: false, ticketTypeIds: [VIP], opensAt: null, closesAt: null, allowMultipleEntries: false, allowReentry: true },
  ];
  async function doorList(event: Partial<CheckInList["event"]> = {}) {
    const { list, text } = await setUp([{ ticketTypeId: STANDARD, typeName: "Standard" }]);
    return { list: { ...list, event: { ...list.event, doorOpensMinutesBefore: 180, endTime: null, ...event }, lists: LISTS }, text };
  }
  const scan = (text: string, list: CheckInList, options: { listId?: string; direction?: "in" | "out"; confirm?: boolean; now?: Date } = {}) =>
    checkTicketOffline({ text, lists: [list], localCheckIns: [], checkIn: true, now: options.now ?? NOW, verifySignature, listId: options.listId, direction: options.direction, confirm: options.confirm });

  it("refuses a Standard ticket at a VIP-only list by name, and admits it through the default list", async () => {
    const { list, text } = await doorList();
    expect((await scan(text, list, { listId: "list-vip" })).result).toMatchObject({ valid: false, error: "VIP entrance only: a Standard ticket does not enter here." });
    const admitted = await scan(text, list);
    expect(admitted.result).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect(admitted.admitted).toMatchObject({ listId: "list-all", direction: "in", confirmed: false });
    expect((await scan(text, list, { listId: "no-such-list" })).result.error).toBe("That check-in list is not one of this event's.");
  });

  it("does not admit a ticket the day before its event without staff's confirmation, which the check-in carries", async () => {
    const { list, text } = await doorList();
    const dayBefore = new Date(new Date(TEST_EVENT.dateTime).getTime() - 24 * 3600_000);
    const refused = await scan(text, list, { now: dayBefore });
    expect(refused.admitted).toBeNull();
    expect(refused.result).toMatchObject({ valid: false, needsConfirmation: true, error: "This ticket is for Thu 1 Jun 2090, 19:00" });
    const confirmed = await scan(text, list, { now: dayBefore, confirm: true });
    expect(confirmed.admitted).toMatchObject({ confirmed: true, checkedInAt: dayBefore.toISOString() });
  });

  it("says who let a ticket in first, and leaves exit scans to the server", async () => {
    const { list, text } = await doorList();
    const inside = { ...list, tickets: list.tickets.map((ticket) => ({ ...ticket, checkedInAt: "2090-06-01T17:50:00.000Z", checkedInBy: "Sam Steward", checkedInList: "All tickets", lastMove: "in" as const })) };
    expect((await scan(text, inside)).result).toMatchObject({ alreadyCheckedIn: true, checkedInBy: "Sam Steward", checkedInList: "All tickets" });
    expect((await scan(text, inside, { direction: "out" })).result).toMatchObject({ valid: false, error: OFFLINE_REASONS.exitOffline });
  });
});
