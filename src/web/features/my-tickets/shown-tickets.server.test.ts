import { expect, test } from "vitest";
import type { MyTicket } from "@domain";
import { decodeQrDataUrl } from "../../../../test/qr";
import { TICKET_QR_DISPLAY_SIZE } from "~/components/tickets/ticket-qr";
import { QRS_DRAWN_PER_BOOKING } from "./my-tickets-text";
import { showTickets } from "./shown-tickets.server";

const signed = (position: number, attendeeName: string) => ({
  ticketId: `TCKT-2026-1A2B3C4${position}`,
  bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  eventTitle: "Jazz Night at the Roundhouse",
  attendeeName,
  eventDate: "2026-12-05T19:30:00.000Z",
  ticketQuantity: 1,
  kid: "k2026a",
  sig: "m0VQ3x1b2YJm8Jk0b0b3t5vQxjv3oQb6Gf0mJ9i1Vn5bJ7gQ2Wc8uQm4yH1rT6sLkZ3pN0aE9dF2gH5jK8lM7nA",
});

const entry = (position: number, attendeeName: string, status: "valid" | "refunded" = "valid") => ({
  ticketId: `t${position}`,
  position,
  code: `TCKT-2026-1A2B3C4${position}`,
  attendeeName,
  typeName: "Standard",
  status,
  checkedInAt: null,
  qrPayload: status === "valid" ? signed(position, attendeeName) : null,
});

const ticket: MyTicket = {
  bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  period: "upcoming",
  ticketCode: "TCKT-2026-1A2B3C41",
  status: "confirmed",
  ticketQuantity: 2,
  totalAmountPence: 3460,
  refundedQuantity: 0,
  refundState: "none",
  refundedPence: 0,
  attendeeName: "Ada Lovelace",
  attendeeEmail: "ada@example.com",
  checkedInAt: null,
  createdAt: "2026-11-20T14:00:00.000Z",
  event: { id: "e1", title: "Jazz Night at the Roundhouse", dateTime: "2026-12-05T19:30:00.000Z", venue: "Roundhouse", location: "London", imageUrl: null, minAge: null, status: "active", transferCutoffHours: 0 },
  qrPayload: signed(1, "Ada Lovelace"),
  tickets: [entry(1, "Ada Lovelace"), entry(2, "Grace Hopper")],
  ticketEmail: { status: "sent", sentAt: "2026-11-20T14:03:00.000Z", provider: "smtp", error: null },
  refund: { canRequest: false, automatic: false, includesFee: false, refundPence: 0, feePerTicketPence: 230, closesAt: null, closedReason: null, request: null },
  orderId: null,
};

test("My Tickets' loader gives each ticket that admits its holder its own QR code that scans to its signed payload, and no payload beside it", async () => {
  const [shown] = await showTickets([ticket]);
  expect(shown).not.toHaveProperty("qrPayload");
  expect(shown!.tickets).toHaveLength(2);
  for (const [index, one] of shown!.tickets.entries()) {
    expect(one).not.toHaveProperty("qrPayload");
    expect(one).toMatchObject({ admits: true, qrDrawn: true });
    expect(await decodeQrDataUrl(one.qrImage!, TICKET_QR_DISPLAY_SIZE)).toBe(JSON.stringify(ticket.tickets[index]!.qrPayload));
  }
});

test("a refunded ticket gets no QR code, and its booking's others keep theirs", async () => {
  const [shown] = await showTickets([{ ...ticket, ticketQuantity: 1, refundedQuantity: 1, tickets: [entry(1, "Ada Lovelace"), entry(2, "Grace Hopper", "refunded")] }]);
  expect(shown!.tickets.map((one) => [one.admits, one.qrImage !== null])).toEqual([
    [true, true],
    [false, false],
  ]);
});

test("a large booking comes with its first QR codes drawn, and all of them when the page asks for that booking's", async () => {
  const many = { ...ticket, ticketQuantity: QRS_DRAWN_PER_BOOKING + 2, tickets: Array.from({ length: QRS_DRAWN_PER_BOOKING + 2 }, (_, i) => entry(i + 1, `Guest ${i + 1}`)) };
  const [first] = await showTickets([many]);
  expect(first!.tickets.filter((one) => one.qrDrawn)).toHaveLength(QRS_DRAWN_PER_BOOKING);
  expect(first!.tickets.every((one) => one.admits)).toBe(true);
  const [all] = await showTickets([many], { drawAllFor: many.bookingId });
  expect(all!.tickets.every((one) => one.qrDrawn && one.qrImage)).toBe(true);
});

test("a past booking's QR codes are drawn only when asked for", async () => {
  const past = { ...ticket, period: "past" as const };
  const [shown] = await showTickets([past]);
  expect(shown!.tickets.map((one) => [one.admits, one.qrDrawn])).toEqual([
    [true, false],
    [true, false],
  ]);
  const [asked] = await showTickets([past], { drawAllFor: past.bookingId });
  expect(asked!.tickets.every((one) => one.qrDrawn && one.qrImage)).toBe(true);
});
