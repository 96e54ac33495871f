import { eventPlace, formatEventTime, formatLongDate, ticketQrPayload, ticketQrText, type SignedTicketPayload, type TicketQrPayload } from "../../../domain";

/** What signs a ticket's QR: the ticket signer (tickets/ticket-signer.ts), handed in by the app. */
export interface QrSigner {
  sign(payload: TicketQrPayload): Promise<SignedTicketPayload>;
  verify(payload: SignedTicketPayload): Promise<boolean>;
}

/** Everything a wallet pass shows (D27): the same for Apple's pass.json and Google's objects. */
export interface PassContent {
  serialNumber: string;
  voided: boolean;
  ticketCode: string;
  attendeeName: string;
  typeName: string;
  event: { id: string; title: string; dateTime: Date; endTime: Date | null; venue: string | null; location: string };
  /** "Saturday 16 January 2027, 19:30 (UK time)". */
  when: string;
  place: string;
  /** Exactly the signed QR text the door checks (the e-mail's and My Tickets'). */
  qrText: string;
}

export interface PassSource {
  serialNumber: string;
  voided: boolean;
  ticket: { code: string; bookingId: string; attendeeName: string };
  typeName: string;
  event: PassContent["event"];
}

/** A pass's content: the ticket's signed QR made by the one signer, the time in UK time as every page shows it. */
export async function passContent(signer: QrSigner, source: PassSource): Promise<PassContent> {
  const { event } = source;
  return {
    serialNumber: source.serialNumber,
    voided: source.voided,
    ticketCode: source.ticket.code,
    attendeeName: source.ticket.attendeeName,
    typeName: source.typeName,
    event,
    when: `${formatLongDate(event.dateTime)}, ${formatEventTime(event.dateTime)} (UK time)`,
    place: eventPlace(event),
    qrText: ticketQrText(await signer.sign(ticketQrPayload(source.ticket, event))),
  };
}
