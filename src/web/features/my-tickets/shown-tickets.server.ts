import type { MyTicket } from "@domain";
import { ticketQrImage } from "~/components/tickets/ticket-qr.server";
import { ticketValidity } from "./my-tickets-text";
import type { ShownTicket } from "./shown-ticket";

/** The loader's tickets for the page: each one that still admits its holder with its QR code drawn here (issue 35). */
export function showTickets(tickets: MyTicket[]): Promise<ShownTicket[]> {
  return Promise.all(
    tickets.map(async ({ qrPayload, ...ticket }) => ({ ...ticket, qrImage: ticketValidity(ticket).usable ? await ticketQrImage(qrPayload) : null })),
  );
}
