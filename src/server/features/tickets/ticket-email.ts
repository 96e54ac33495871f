import ical from "ical-generator";
import QRCode from "qrcode";
import {
  addressOnOneLine,
  BRAND,
  eventEndsAt,
  eventPlace,
  formatEventTime,
  formatLongDate,
  formatPounds,
  hasPlaceholderDate,
  NO_CANCELLATION_RIGHT_TEXT,
  plural,
  receiptPath,
  REFUND_TERMS_TEXT,
  soldByLine,
  TICKET_TERMS_LINKS,
  ticketAgeNotice,
  ticketQrText,
  WALLET_LINK_TEXT,
  type WalletsOffered,
  type SignedTicketPayload,
  type TicketQrPayload,
} from "../../../domain";
import { renderEmail } from "../../providers/email/layout";
import type { EmailMessage } from "../../providers/email/email";

/** Who sells the tickets (D28): as recorded when the order was paid, or the organiser's profile for a free ticket. */
export interface TicketSeller {
  name: string;
  /** The seller's geographic address; null when a free event's organiser has given none. */
  address: string | null;
  /** Shown for a business that is a company. */
  companyNumber: string | null;
}

/** One ticket an e-mail carries (issue 36): its attendee, type, code and its own signed QR. */
export interface EmailedTicket {
  code: string;
  attendeeName: string;
  typeName: string;
  qrPayload: SignedTicketPayload;
}

export interface TicketEmailData {
  to: string;
  /** Who the e-mail greets: the buyer, or the attendee sent their own ticket. */
  attendeeName: string;
  /** The booking's code (an attendee's own e-mail: their ticket's), which names the calendar entry. */
  ticketCode: string;
  /** Tickets still valid: what the calendar entry admits. */
  ticketQuantity: number;
  /** The tickets carried, by position: every valid ticket of the booking, or the attendee's own one. */
  tickets: EmailedTicket[];
  /**
   * What was bought, as paid (the order line's prices; all zero for a free ticket); null in an attendee's own
   * e-mail, which names no price and carries no receipt: the buyer's e-mail is the confirmation (issue 36).
   */
  bought: { quantity: number; unitPricePence: number; feePerTicketPence: number; totalPaidPence: number } | null;
  event: { id: string; title: string; dateTime: Date; endTime: Date | null; location: string; venue?: string | null; category?: string | null; description?: string | null; minAge?: number | null };
  seller: TicketSeller;
  /** The platform's company (config.company), the seller's agent. */
  company: { name: string; address: string };
  publicUrl: string;
  /** The order the ticket was bought in, for its receipt link; null for a booking without one (a free ticket). */
  orderId?: string | null;
  /** The order's receipt as a PDF, attached to a paid ticket's e-mail. */
  receipt?: { filename: string; pdf: Buffer } | null;
  /** Which wallets this site offers (D27): each ticket then links to its pass, opened by its QR's signature. */
  wallets?: WalletsOffered;
}

/** The QR image as a URL, for providers that cannot show inline images; the signature authorises it. */
export function ticketQrUrl(publicUrl: string, payload: SignedTicketPayload): string {
  return `${publicUrl}/api/tickets/${encodeURIComponent(payload.ticketId)}/qr.png?kid=${encodeURIComponent(payload.kid)}&sig=${encodeURIComponent(payload.sig)}`;
}

/**
 * A ticket's "Add to Apple Wallet" / "Add to Google Wallet" links for its e-mail (D27): opened, like the QR image,
 * by the QR's signature, so the recipient needs no sign-in and nobody can guess one.
 */
export function ticketWalletLinks(publicUrl: string, payload: SignedTicketPayload, wallets: WalletsOffered | undefined) {
  const url = (kind: "apple" | "google") => `${publicUrl}/api/tickets/${encodeURIComponent(payload.ticketId)}/wallet/${kind}?kid=${encodeURIComponent(payload.kid)}&sig=${encodeURIComponent(payload.sig)}`;
  return [...(wallets?.apple ? [{ label: WALLET_LINK_TEXT.apple, url: url("apple") }] : []), ...(wallets?.google ? [{ label: WALLET_LINK_TEXT.google, url: url("google") }] : [])];
}

/**
 * A ticket's QR code as a PNG: spec §9 Display, margin 2, level M (small enough to scan from a phone screen).
 * 200 px wide for e-mails; pages ask for one pixel a module (`{ scale: 1 }`) and scale it up without smoothing.
 */
export function ticketQrPng(payload: TicketQrPayload, size: { width: number } | { scale: number } = { width: 200 }): Promise<Buffer> {
  return QRCode.toBuffer(ticketQrText(payload), { type: "png", margin: 2, errorCorrectionLevel: "M", ...size });
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

/** "2 tickets at £15.00 + £2.30 booking & processing fee each", or "1 free ticket". */
function ticketsBought({ quantity, unitPricePence, feePerTicketPence }: NonNullable<TicketEmailData["bought"]>): string {
  if (unitPricePence === 0) return `${quantity} free ${quantity === 1 ? "ticket" : "tickets"}`;
  const fee = feePerTicketPence > 0 ? ` + ${formatPounds(feePerTicketPence)} booking & processing fee` : "";
  return `${plural(quantity, "ticket")} at ${formatPounds(unitPricePence)}${fee}${quantity === 1 ? "" : " each"}`;
}

/** "Northern Sounds Live Ltd, 1 Mill Lane, Leeds LS1 4AB (company number 01234567)". */
function sellerOf(seller: TicketSeller): string {
  const named = seller.address ? `${seller.name}, ${addressOnOneLine(seller.address)}` : seller.name;
  return seller.companyNumber ? `${named} (company number ${seller.companyNumber})` : named;
}

/** The seller and the platform as their agent (D28), in the words the event page and the checkout use. */
function sellerAndAgent(seller: TicketSeller, agentName: string, paid: boolean): string {
  const soldBy = seller.address ? soldByLine({ name: seller.name, address: seller.address }, agentName) : `Sold by ${seller.name}. ${agentName} acts as their agent.`;
  return `${soldBy} The organiser runs the event; ${agentName} ${paid ? "takes your payment and delivers" : "delivers"} your tickets on their behalf.`;
}

/** Each ticket's QR image's cid: one per ticket, so a mail client shows each beside its own attendee. */
const qrCid = (index: number) => `ticket-qr-${index + 1}`;

/** Ticket 2 of 3: its attendee, type and code, and its own QR code. */
function emailedTicketBox(ticket: EmailedTicket, index: number, count: number, data: Pick<TicketEmailData, "publicUrl" | "wallets">) {
  return {
    heading: count > 1 ? `Ticket ${index + 1} of ${count}: ${ticket.attendeeName}` : `Ticket: ${ticket.attendeeName}`,
    details: [
      { label: "Type", value: ticket.typeName },
      { label: "Ticket code", value: ticket.code },
    ],
    image: { cid: qrCid(index), alt: `QR code for ticket ${ticket.code} (${ticket.attendeeName})`, width: 200 },
    links: ticketWalletLinks(data.publicUrl, ticket.qrPayload, data.wallets),
  };
}

/**
 * The ticket e-mail, the buyer's durable confirmation (D28; Consumer Contracts Regulations 2013 regs 13 and
 * 16): what was bought and the total paid, who sells it with their address and the platform as their agent,
 * each ticket with its attendee and its own QR code inline (issue 36), the age limit, the cancellation and
 * refund terms with links to them, the receipt PDF and a calendar file. An attendee with their own e-mail gets
 * theirs with only their ticket: no price, no receipt (`bought` null). An event without a real date (an
 * ongoing business's placeholder, issue 17) gets neither a date nor a calendar file.
 */
export async function ticketEmailMessage(data: TicketEmailData): Promise<EmailMessage> {
  const qrs = await Promise.all(data.tickets.map((ticket) => ticketQrPng(ticket.qrPayload)));
  const dated = !hasPlaceholderDate(data.event);
  const when = dated ? `${formatLongDate(data.event.dateTime)}, ${formatEventTime(data.event.dateTime)} (UK time)` : null;
  const bought = data.bought;
  const paid = (bought?.totalPaidPence ?? 0) > 0;
  const refunded = bought ? bought.quantity - data.ticketQuantity : 0;
  const count = data.tickets.length;
  const greeting =
    count > 1
      ? `Hi ${data.attendeeName}, here are your ${count} tickets. Each attendee shows their own QR code at the event entrance.`
      : `Hi ${data.attendeeName}, here is your ticket. Show this QR code at the event entrance.`;
  const content = renderEmail({
    preheader: when ? `Your ${count > 1 ? "tickets" : "ticket"} for ${data.event.title}, ${when}.` : `Your ${count > 1 ? "tickets" : "ticket"} for ${data.event.title}.`,
    heading: `Your ${count > 1 ? "tickets" : "ticket"} for ${data.event.title}`,
    paragraphs: [greeting],
    details: [
      { label: "Event", value: data.event.title },
      ...(data.event.minAge ? [{ label: "Age limit", value: ticketAgeNotice(data.event.minAge) }] : []),
      ...(when ? [{ label: "When", value: when }] : []),
      { label: "Where", value: eventPlace(data.event) },
      ...(bought
        ? [
            { label: "Tickets", value: ticketsBought(bought) },
            ...(refunded > 0 ? [{ label: "Refunded", value: plural(refunded, "ticket") }] : []),
            { label: "Total paid", value: paid ? formatPounds(bought.totalPaidPence) : "Free" },
          ]
        : []),
      { label: "Sold by", value: sellerOf(data.seller) },
    ],
    tickets: data.tickets.map((ticket, index) => emailedTicketBox(ticket, index, count, data)),
    action: { label: "View My Tickets", url: `${data.publicUrl}/my-tickets` },
    sections: [
      {
        heading: bought ? "Who you are buying from" : "Who sells this ticket",
        paragraphs: [sellerAndAgent(data.seller, data.company.name, paid)],
      },
      ...(paid ? [{ heading: "Cancellation and refunds", paragraphs: [NO_CANCELLATION_RIGHT_TEXT, REFUND_TERMS_TEXT] }] : []),
    ],
    links: [
      ...(bought && data.orderId ? [{ label: "View your receipt", url: `${data.publicUrl}${receiptPath(data.orderId)}` }] : []),
      ...TICKET_TERMS_LINKS.map((link) => ({ label: link.label, url: `${data.publicUrl}${link.path}` })),
    ],
    footnote: bought
      ? `Keep this e-mail: it confirms your booking, and the QR ${count > 1 ? "codes are" : "code is"} your entry.${data.receipt ? " Your receipt is attached as a PDF." : ""}${dated ? " The attached calendar file adds the event to your calendar." : ""} Questions? Write to ${BRAND.supportEmail}.`
      : `Keep this e-mail: the QR code is your entry.${dated ? " The attached calendar file adds the event to your calendar." : ""} Questions? Write to ${BRAND.supportEmail}.`,
    company: data.company,
  });
  const receipt = bought ? data.receipt : null;
  return {
    to: data.to,
    // One subject however many tickets it carries: mail rules and searches find every ticket e-mail by it.
    subject: `Your ticket: ${data.event.title}`,
    ...content,
    attachments: [
      ...data.tickets.map((ticket, index) => ({
        filename: `${ticket.code}.png`,
        content: qrs[index]!,
        contentType: "image/png",
        cid: qrCid(index),
        url: ticketQrUrl(data.publicUrl, ticket.qrPayload),
      })),
      ...(dated ? [{ filename: `${data.ticketCode}.ics`, content: Buffer.from(ticketCalendar(data)), contentType: "text/calendar; charset=utf-8; method=PUBLISH" }] : []),
      ...(receipt ? [{ filename: receipt.filename, content: receipt.pdf, contentType: "application/pdf" }] : []),
    ],
  };
}
