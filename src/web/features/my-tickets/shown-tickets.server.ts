import type { MyTicket } from "@domain";
import { ticketQrImage } from "~/components/tickets/ticket-qr.server";
import { QRS_DRAWN_PER_BOOKING } from "./my-tickets-text";
import type { ShownTicket } from "./shown-ticket";

/**
 * The loader's bookings for the page: each ticket that still admits its holder with its QR code drawn here
 * (issue 35), one per ticket (issue 36). An upcoming booking's first QRS_DRAWN_PER_BOOKING come drawn (a past
 * one's none), the rest when the page asks for that booking's all (`drawAllFor`): every QR travels in the HTML
 * twice (page and loader data), and the page has an HTML budget (scripts/budgets.ts).
 */
export function showTickets(bookings: MyTicket[], { drawAllFor = null }: { drawAllFor?: string | null } = {}): Promise<ShownTicket[]> {
  return Promise.all(
    bookings.map(async ({ qrPayload: _bookingQr, tickets, ...booking }) => {
      let drawn = 0;
      // A past event's codes admit no one any more: drawn only when asked for.
      const limit = booking.bookingId === drawAllFor ? Infinity : booking.period === "past" ? 0 : QRS_DRAWN_PER_BOOKING;
      return {
        ...booking,
        tickets: await Promise.all(
          tickets.map(async ({ qrPayload, ...ticket }) => {
            const draw = qrPayload !== null && drawn++ < limit;
            return { ...ticket, admits: qrPayload !== null, qrDrawn: draw, qrImage: draw ? await ticketQrImage(qrPayload) : null };
          }),
        ),
      };
    }),
  );
}
