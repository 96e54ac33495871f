import ical from "ical-generator";
import QRCode from "qrcode";
import { BRAND, receiptPath, eventEndsAt, eventPlace, formatEventDate, formatEventTime, formatPounds, hasPlaceholderDate, type SignedTicketPayload } from "../../../domain";
import { renderEmail } from "../../providers/email/layout";
import type { EmailMessage } from "../../providers/email/email";

export interface TicketEmailData {
  to: string;
  attendeeName: string;
  ticketCode: string;
  ticketQuantity: number;
  totalAmountPence: number;
  event: { id: string; title: string; dateTime: Date; endTime: Date | null; location: string; venue?: string | null; category?: string | null; description?: string | null };
  qrPayload: SignedTicketPayload;
  publicUrl: string;
  /** The order the ticket was bought in, for its receipt link; null for a booking without one (a free ticket). */
  orderId?: string | null;
}

/** The QR image as a URL, for providers that cannot show inline images; the signature authorises it. */
export function ticketQrUrl(publicUrl: string, payload: SignedTicketPayload): string {
  return `${publicUrl}/api/tickets/${encodeURIComponent(payload.ticketId)}/qr.png?kid=${encodeURIComponent(payload.kid)}&sig=${encodeURIComponent(payload.sig)}`;
}

/** spec §9 Display: 200 px, margin 2; the text is the signed payload (decisions D13). */
export function ticketQrPng(payload: SignedTicketPayload): Promise<Buffer> {
  return QRCode.toBuffer(JSON.stringify(payload), { type: "png", width: 200, margin: 2, errorCorrectionLevel: "M" });
}

/** What a ticket's calendar entry needs: the e-mail's attachment and My Tickets' 'Add to calendar' share it. */
export type TicketCalendarData = Pick<TicketEmailData, "attendeeName" | "ticketCode" | "ticketQuantity" | "event" | "publicUrl"> & {
  /** Raised each time the event changes (a postponement), so calendars replace the entry with the same UID. */
  sequence?: number;
};

/**
 * A calendar entry for the event (decisions D18), with the ticket code and a link to My Tickets.
 * Without an end time it lasts two hours (DEFAULT_EVENT_DURATION_MS).
 */
export function ticketCalendar(data: TicketCalendarData): string {
  const calendar = ical({ name: BRAND.name, prodId: { company: BRAND.name, product: "tickets", language: "EN" } });
  calendar.createEvent({
    id: `${data.ticketCode}@${new URL(data.publicUrl).hostname}`,
    start: data.event.dateTime,
    end: eventEndsAt(data.event),
    summary: data.event.title,
    location: eventPlace(data.event),
    description: `Ticket ${data.ticketCode} for ${data.attendeeName} (${data.ticketQuantity} ${data.ticketQuantity === 1 ? "ticket" : "tickets"}). Show the QR code from your ticket e-mail or My Tickets at the entrance.`,
    url: `${data.publicUrl}/events/${data.event.id}`,
    ...(data.sequence ? { sequence: data.sequence } : {}),
  });
  return calendar.toString();
}

/**
 * The ticket e-mail: event details, the QR code inline, a link to My Tickets and a calendar file. An
 * event without a real date (an ongoing business's placeholder, issue 17) gets neither a date nor a
 * calendar file.
 */
export async function ticketEmailMessage(data: TicketEmailData): Promise<EmailMessage> {
  const qr = await ticketQrPng(data.qrPayload);
  const dated = !hasPlaceholderDate(data.event);
  const when = dated ? `${formatEventDate(data.event.dateTime.toISOString())}, ${formatEventTime(data.event.dateTime.toISOString())}` : null;
  const content = renderEmail({
    preheader: when ? `Your ticket for ${data.event.title}, ${when}.` : `Your ticket for ${data.event.title}.`,
    heading: `Your ticket for ${data.event.title}`,
    paragraphs: [`Hi ${data.attendeeName}, here is your ticket. Show this QR code at the event entrance.`],
    details: [
      { label: "Event", value: data.event.title },
      ...(when ? [{ label: "When", value: when }] : []),
      { label: "Where", value: eventPlace(data.event) },
      { label: "Tickets", value: String(data.ticketQuantity) },
      { label: "Total paid", value: formatPounds(data.totalAmountPence) },
      { label: "Ticket code", value: data.ticketCode },
    ],
    image: { cid: "ticket-qr", alt: `QR code for ticket ${data.ticketCode}`, width: 200 },
    action: { label: "View My Tickets", url: `${data.publicUrl}/my-tickets` },
    ...(data.orderId ? { links: [{ label: "View your receipt", url: `${data.publicUrl}${receiptPath(data.orderId)}` }] } : {}),
    footnote: `Keep this e-mail: the QR code is your entry.${dated ? " The attached calendar file adds the event to your calendar." : ""} Questions? Write to ${BRAND.supportEmail}.`,
  });
  return {
    to: data.to,
    subject: `Your ticket: ${data.event.title}`,
    ...content,
    attachments: [
      { filename: `${data.ticketCode}.png`, content: qr, contentType: "image/png", cid: "ticket-qr", url: ticketQrUrl(data.publicUrl, data.qrPayload) },
      ...(dated ? [{ filename: `${data.ticketCode}.ics`, content: Buffer.from(ticketCalendar(data)), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }] : []),
    ],
  };
}
