import { expect, test } from "vitest";
import type { MyTicket } from "@domain";
import { decodeQrDataUrl } from "../../../../test/qr";
import { TICKET_QR_DISPLAY_SIZE } from "~/components/tickets/ticket-qr";
import { showTickets } from "./shown-tickets.server";

const ticket: MyTicket = {
  bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  period: "upcoming",
  ticketCode: "TCKT-2026-1A2B3C4D",
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
  event: { id: "e1", title: "Jazz Night at the Roundhouse", dateTime: "2026-12-05T19:30:00.000Z", venue: "Roundhouse", location: "London", imageUrl: null, minAge: null },
  qrPayload: {
    ticketId: "TCKT-2026-1A2B3C4D",
    bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    eventTitle: "Jazz Night at the Roundhouse",
    attendeeName: "Ada Lovelace",
    eventDate: "2026-12-05T19:30:00.000Z",
    ticketQuantity: 2,
    kid: "k2026a",
    sig: "m0VQ3x1b2YJm8Jk0b0b3t5vQxjv3oQb6Gf0mJ9i1Vn5bJ7gQ2Wc8uQm4yH1rT6sLkZ3pN0aE9dF2gH5jK8lM7nA",
  },
  ticketEmail: { status: "sent", sentAt: "2026-11-20T14:03:00.000Z", provider: "smtp", error: null },
  refund: { canRequest: false, automatic: false, includesFee: false, refundPence: 0, feePerTicketPence: 230, closesAt: null, closedReason: null, request: null },
  orderId: null,
};

test("My Tickets' loader gives each ticket that admits its holder a QR code that scans to its signed payload, and no payload beside it", async () => {
  const [shown] = await showTickets([ticket]);
  expect(shown).not.toHaveProperty("qrPayload");
  expect(await decodeQrDataUrl(shown!.qrImage!, TICKET_QR_DISPLAY_SIZE)).toBe(JSON.stringify(ticket.qrPayload));
});

test("a ticket refunded in full or disputed gets no QR code", async () => {
  const refunded = { ...ticket, ticketQuantity: 0, refundedQuantity: 2, refundState: "refunded" as const, refundedPence: 3460 };
  const disputed = { ...ticket, status: "disputed" };
  expect((await showTickets([refunded, disputed])).map((shown) => shown.qrImage)).toEqual([null, null]);
});
