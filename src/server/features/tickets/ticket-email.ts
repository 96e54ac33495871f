import QRCode from "qrcode";
import { BRAND, formatEventDate, formatEventTime, formatPounds, type TicketQrPayload } from "../../../domain";
import { renderEmail } from "../../providers/email/layout";
import type { EmailMessage } from "../../providers/email/email";

export interface TicketEmailData {
  to: string;
  attendeeName: string;
  ticketCode: string;
  ticketQuantity: number;
  totalAmountPence: number;
  event: { title: string; dateTime: Date; location: string };
  qrPayload: TicketQrPayload;
  myTicketsUrl: string;
}

/** The ticket e-mail: event details, the QR code inline (spec §9 Display: 200 px, margin 2), a link to My Tickets. */
export async function ticketEmailMessage(data: TicketEmailData): Promise<EmailMessage> {
  const qr = await QRCode.toBuffer(JSON.stringify(data.qrPayload), { type: "png", width: 200, margin: 2, errorCorrectionLevel: "M" });
  const when = `${formatEventDate(data.event.dateTime.toISOString())}, ${formatEventTime(data.event.dateTime.toISOString())}`;
  const content = renderEmail({
    preheader: `Your ticket for ${data.event.title}, ${when}.`,
    heading: `Your ticket for ${data.event.title}`,
    paragraphs: [`Hi ${data.attendeeName}, here is your ticket. Show this QR code at the event entrance.`],
    details: [
      { label: "Event", value: data.event.title },
      { label: "When", value: when },
      { label: "Where", value: data.event.location },
      { label: "Tickets", value: String(data.ticketQuantity) },
      { label: "Total paid", value: formatPounds(data.totalAmountPence) },
      { label: "Ticket code", value: data.ticketCode },
    ],
    image: { cid: "ticket-qr", alt: `QR code for ticket ${data.ticketCode}`, width: 200 },
    action: { label: "View My Tickets", url: data.myTicketsUrl },
    footnote: `Keep this e-mail: the QR code is your entry. Questions? Write to ${BRAND.supportEmail}.`,
  });
  return {
    to: data.to,
    subject: `Your ticket: ${data.event.title}`,
    ...content,
    attachments: [{ filename: `${data.ticketCode}.png`, content: qr, contentType: "image/png", cid: "ticket-qr" }],
  };
}
