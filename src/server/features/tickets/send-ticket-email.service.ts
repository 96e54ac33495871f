import { and, eq, inArray, type SQL } from "drizzle-orm";
import { managesEvent, parseTicketIdentifier, type TicketEmailProvider, type TicketEmailResult, type TicketEmailStatus } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, profiles, tickets, users } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { NoticeMailer } from "../../lib/notice-mailer";
import type { EmailMessage } from "../../providers/email/email";
import type { Actor } from "../auth/session";
import { bookingMoney } from "../ledger/ledger";
import { orderSellersOf } from "../ledger/order-sellers";
import { receiptFilename, receiptPdf } from "../receipts/receipt-pdf";
import { receiptForTicketEmail } from "../receipts/receipts.service";
import { signTicket, ticketAdmits, ticketsOfBookings, type BookingTicketRow } from "./booking-tickets";
import { ticketEmailMessage, type EmailedTicket, type TicketSeller } from "./ticket-email";
import type { TicketSigner } from "./ticket-signer";

/** A NoticeMailer that can also sign the tickets it sends (its company is named as the seller's agent). */
export interface TicketMailer extends NoticeMailer {
  signer: TicketSigner;
  /** Which wallets this site offers (D27): the ticket e-mail links each ticket's passes. */
  wallets?: { apple: boolean; google: boolean };
}

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** spec §5 Ticket viewer and resender: the booking a ticket code (of any of its tickets: issue 36), payment session or booking id names. */
function identifierCondition(db: Db, identifier: string): SQL | null {
  const { ticketCode, sessionId, bookingId } = parseTicketIdentifier(identifier);
  if (ticketCode) return inArray(bookings.id, db.select({ id: tickets.bookingId }).from(tickets).where(eq(tickets.code, ticketCode)));
  if (sessionId) return eq(bookings.stripeSessionId, sessionId);
  if (bookingId) return eq(bookings.id, bookingId);
  return null;
}

/**
 * decisions D11: 3 re-sends per ticket per hour, counted on the booking the identifier names, so its id,
 * ticket code and payment session (in any spelling) share one budget.
 */
const RESENDS_PER_BOOKING = { limit: 3, windowSeconds: 60 * 60 };

/** decisions D11: the public resender also counts per client address, before it looks anything up. */
const RESENDS_PER_IP = { limit: 10, windowSeconds: 15 * 60 };
const TOO_MANY = "Too many requests. Please wait a few minutes before trying again.";

/** j***@example.com: enough for the buyer to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split("@");
  return `${local!.slice(0, 1)}***@${domain}`;
}

/**
 * What users read when a ticket e-mail failed. The provider's own reply (which names the provider) stays
 * in the booking row for whoever runs the service (issue 17).
 */
const NOT_DELIVERED = "The ticket email could not be delivered.";
const NOT_SENT = "The email could not be sent. Please try again, or try another way.";

/** What the success page and My Tickets say about a booking's ticket e-mail. */
export function ticketEmailStatus(booking: Pick<BookingRow, "ticketEmailSentAt" | "ticketEmailProvider" | "ticketEmailError">): TicketEmailStatus {
  return {
    status: booking.ticketEmailSentAt ? "sent" : booking.ticketEmailError ? "failed" : "queued",
    sentAt: booking.ticketEmailSentAt?.toISOString() ?? null,
    provider: booking.ticketEmailProvider,
    error: booking.ticketEmailSentAt || !booking.ticketEmailError ? null : NOT_DELIVERED,
  };
}

/** The booking's tickets an e-mail carries, each signed: its valid ones (a refunded ticket admits no one). */
async function emailedTickets(mailer: Pick<TicketMailer, "signer">, rows: BookingTicketRow[], booking: BookingRow, event: EventRow): Promise<EmailedTicket[]> {
  return Promise.all(
    rows
      .filter((ticket) => ticketAdmits(ticket, booking))
      .map(async (ticket) => ({ code: ticket.code, attendeeName: ticket.attendeeName, typeName: ticket.typeName, qrPayload: await signTicket(mailer.signer, ticket, event) })),
  );
}

/**
 * A booking's ticket e-mail as its buyer gets it, each time it is sent: every valid ticket of the booking with
 * its attendee, type and own QR code (issue 36); the seller as recorded when the order was paid (order_sellers)
 * or, for a free ticket, as the organiser's profile says now; what was bought at the order line's prices and
 * the total charged on the ledger; the order's receipt attached.
 */
export async function ticketEmailFor(mailer: Omit<TicketMailer, "email">, booking: BookingRow, event: EventRow): Promise<EmailMessage> {
  const line = await orderLineOf(mailer.db, booking);
  const seller = line ? await recordedSeller(mailer.db, line.orderId, event.id) : await organiserAsSeller(mailer.db, event.userId);
  const receipt = line ? await receiptForTicketEmail({ db: mailer.db, orderId: line.orderId }) : null;
  const totalPaidPence = line ? ((await bookingMoney(mailer.db, [booking.id])).get(booking.id)?.chargedPence ?? 0) : 0;
  const rows = (await ticketsOfBookings(mailer.db, [booking.id])).get(booking.id) ?? [];
  return ticketEmailMessage({
    to: booking.attendeeEmail,
    attendeeName: booking.attendeeName,
    ticketCode: booking.ticketCode,
    ticketQuantity: booking.ticketQuantity,
    tickets: await emailedTickets(mailer, rows, booking, event),
    bought: {
      quantity: line?.quantity ?? booking.ticketQuantity + booking.refundedQuantity,
      unitPricePence: line?.unitPricePence ?? 0,
      feePerTicketPence: line?.feePerTicketPence ?? 0,
      totalPaidPence,
    },
    event,
    seller,
    company: mailer.company,
    publicUrl: mailer.publicUrl,
    wallets: mailer.wallets,
    orderId: line?.orderId ?? null,
    receipt: receipt ? { filename: receiptFilename(receipt), pdf: await receiptPdf(receipt) } : null,
  });
}

/** Whether a ticket's attendee gets their own e-mail: the buyer gave an address for them that is not the buyer's own. */
const hasOwnAddress = (ticket: Pick<BookingTicketRow, "attendeeEmail">, booking: Pick<BookingRow, "attendeeEmail">): ticket is { attendeeEmail: string } =>
  ticket.attendeeEmail !== null && ticket.attendeeEmail.trim().toLowerCase() !== booking.attendeeEmail.trim().toLowerCase();

/**
 * The tickets of a booking whose attendees get their own e-mail (issue 36): valid, with an address of their own.
 * Read when the buyer's e-mail job runs, which queues one job per ticket (ticket-email.job.ts).
 */
export async function ticketsForAttendeeEmails(db: Db, bookingId: string): Promise<string[]> {
  const row = await confirmedBooking(db, eq(bookings.id, bookingId));
  if (!row) return [];
  const rows = (await ticketsOfBookings(db, [bookingId])).get(bookingId) ?? [];
  return rows.filter((ticket) => ticketAdmits(ticket, row.booking) && hasOwnAddress(ticket, row.booking)).map((ticket) => ticket.ticketId);
}

/**
 * An attendee's own ticket e-mail (issue 36): only their ticket, with its QR code, the event, the seller and the
 * terms; no price and no receipt, which are the buyer's. Null when the ticket no longer admits anyone or has no
 * address of its own.
 */
export async function attendeeTicketEmailFor(mailer: Omit<TicketMailer, "email">, booking: BookingRow, event: EventRow, ticketId: string): Promise<EmailMessage | null> {
  const ticket = ((await ticketsOfBookings(mailer.db, [booking.id])).get(booking.id) ?? []).find((candidate) => candidate.ticketId === ticketId);
  if (!ticket || !ticketAdmits(ticket, booking) || !hasOwnAddress(ticket, booking)) return null;
  const line = await orderLineOf(mailer.db, booking);
  const seller = line ? await recordedSeller(mailer.db, line.orderId, event.id) : await organiserAsSeller(mailer.db, event.userId);
  return ticketEmailMessage({
    to: ticket.attendeeEmail,
    attendeeName: ticket.attendeeName,
    ticketCode: ticket.code,
    ticketQuantity: 1,
    tickets: await emailedTickets(mailer, [ticket], booking, event),
    bought: null,
    event,
    seller,
    company: mailer.company,
    publicUrl: mailer.publicUrl,
    wallets: mailer.wallets,
  });
}

/** Builds and sends one booking's ticket e-mail to the address on the booking; answers who delivered it. */
async function mailTicket(mailer: TicketMailer, booking: BookingRow, event: EventRow, prefer?: TicketEmailProvider) {
  const message = await ticketEmailFor(mailer, booking, event);
  const { provider } = await mailer.email.send(message, { prefer });
  await mailer.db
    .update(bookings)
    .set({ ticketEmailSentAt: new Date(), ticketEmailProvider: provider, ticketEmailError: null })
    .where(eq(bookings.id, booking.id));
  return provider;
}

/** The order line a booking was bought on (its order and prices), or null for a booking without one (a free ticket). */
async function orderLineOf(db: Db, booking: Pick<BookingRow, "orderLineId">) {
  if (!booking.orderLineId) return null;
  const [line] = await db
    .select({ orderId: orderLines.orderId, quantity: orderLines.quantity, unitPricePence: orderLines.unitPricePence, feePerTicketPence: orderLines.feePerTicketPence })
    .from(orderLines)
    .where(eq(orderLines.id, booking.orderLineId));
  return line ?? null;
}

/** The event's seller as recorded when the order was paid (D28: a later change of profile changes no confirmation). */
async function recordedSeller(db: Db, orderId: string, eventId: string): Promise<TicketSeller> {
  const seller = (await orderSellersOf(db, orderId)).find((candidate) => candidate.eventIds.includes(eventId));
  // Confirmation records every seller (as the receipt relies on): a paid ticket without one is a fault, not a reason to read today's profile.
  if (!seller) throw new Error(`Order ${orderId} has no recorded seller for event ${eventId}`);
  return { name: seller.name, address: seller.address, companyNumber: seller.sellerKind === "business" ? seller.companyNumber : null };
}

/** A free event's organiser as the seller: their seller details when they have given them, else the name they show. */
async function organiserAsSeller(db: Db, organiserId: string): Promise<TicketSeller> {
  const [row] = await db
    .select({ account: users.name, businessName: profiles.businessName, displayName: profiles.displayName, address: profiles.businessAddress, sellerKind: profiles.sellerKind, companyNumber: profiles.companyNumber })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, organiserId));
  return {
    name: row?.businessName ?? row?.displayName ?? row?.account ?? "The organiser",
    address: row?.address ?? null,
    companyNumber: row?.sellerKind === "business" ? row.companyNumber : null,
  };
}

async function confirmedBooking(db: Db, condition: SQL) {
  const [row] = await db
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(condition, eq(bookings.status, "confirmed")))
    .limit(1);
  return row ?? null;
}

/**
 * The ticket-email job (ARCHITECTURE Ticket delivery): sends a new booking's ticket unless it already
 * went (a retry after a crash between sending and completing). A failure is thrown so the job is
 * retried with backoff; on the last attempt it is recorded for the buyer to see.
 */
export async function deliverQueuedTicketEmail(mailer: TicketMailer, { bookingId, lastAttempt }: { bookingId: string; lastAttempt: boolean }): Promise<void> {
  const row = await confirmedBooking(mailer.db, eq(bookings.id, bookingId));
  if (!row || row.booking.ticketEmailSentAt) return;
  try {
    await mailTicket(mailer, row.booking, row.event);
  } catch (error) {
    if (lastAttempt) await mailer.db.update(bookings).set({ ticketEmailError: (error as Error).message.slice(0, 500) }).where(eq(bookings.id, bookingId));
    throw error;
  }
}

/**
 * An attendee's own ticket e-mail job (issue 36): one job per ticket, queued once under the ticket's id
 * (ticket-email.job.ts), so pg-boss's completed job is its record of delivery. A failure is thrown so it is
 * retried with backoff; a crash between sending and completing may send it twice, never zero times.
 */
export async function deliverAttendeeTicketEmail(mailer: TicketMailer, { bookingId, ticketId }: { bookingId: string; ticketId: string }): Promise<void> {
  const row = await confirmedBooking(mailer.db, eq(bookings.id, bookingId));
  if (!row) return;
  const message = await attendeeTicketEmailFor(mailer, row.booking, row.event, ticketId);
  if (message) await mailer.email.send(message);
}

/**
 * Re-sends a ticket, only ever to the e-mail already on the booking, at most 3 times an hour per booking
 * and 10 asks per client address in 15 minutes (decisions D11). The recipient is shown in full to the buyer, the event's organiser and admins, masked
 * to anyone else.
 */
export async function sendTicketEmail(
  mailer: TicketMailer,
  {
    actor,
    identifier,
    provider,
    clientIp,
    log,
  }: { actor: Actor | null; identifier: string; provider?: TicketEmailProvider; clientIp: string; log?: { warn(detail: object, message: string): void } },
): Promise<TicketEmailResult> {
  // One home for both limits, whether the API or the page's form post asks (issue 16). `clientIp` is the
  // address Fastify resolved under TRUST_PROXY, never a raw X-Forwarded-For.
  await enforceRateLimit(mailer.db, [{ key: `send-ticket-email:ip:${clientIp}`, rule: RESENDS_PER_IP, message: TOO_MANY, detailsInBody: true }]);
  const condition = identifierCondition(mailer.db, identifier);
  const row = condition ? await confirmedBooking(mailer.db, condition) : null;
  if (!row) return { success: false, provider: provider ?? mailer.email.provider, recipient: null, error: "Ticket not found. Please check the booking ID or ticket code." };
  const { booking, event } = row;
  await enforceRateLimit(mailer.db, [{ key: `send-ticket-email:booking:${booking.id}`, rule: RESENDS_PER_BOOKING, message: "This ticket has already been re-sent 3 times in the last hour. Please try again later." }]);
  // The buyer, the event's organiser and admins see the address in full (decisions D10).
  const entitled = actor !== null && (booking.userId === actor.userId || managesEvent(actor, event.userId));
  const recipient = entitled ? booking.attendeeEmail : maskEmail(booking.attendeeEmail);
  try {
    const delivered = await mailTicket(mailer, booking, event, provider);
    return { success: true, provider: delivered, recipient, error: null };
  } catch (error) {
    log?.warn({ bookingId: booking.id, err: error }, "ticket e-mail resend failed");
    return { success: false, provider: provider ?? mailer.email.provider, recipient, error: NOT_SENT };
  }
}
