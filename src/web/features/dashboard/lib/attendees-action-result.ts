import type { ChangedTicket, CheckInResult, NoticeSettings, RefundRequestView, RefundView, TicketView } from "@domain";

/** A looked-up ticket as the ticket viewer shows it: its QR code drawn by the server (null if it could not be) in place of the signed payload. */
export type LookedUpTicket = Omit<TicketView, "qrPayload"> & { qrImage: string | null };

export type AttendeesIntent = "check-in" | "refund" | "approve" | "decline" | "refund-request-emails" | "lookup-ticket" | "rename";

/** What a post to Attendee Management answers: the change made, or the server's refusal in its own words. */
export type AttendeesActionResult =
  | { intent: "check-in"; checkIn: CheckInResult }
  | { intent: "refund"; refund: RefundView }
  | { intent: "approve" | "decline"; request: RefundRequestView }
  | { intent: "refund-request-emails"; settings: NoticeSettings }
  | { intent: "lookup-ticket"; ticket: LookedUpTicket }
  | { intent: "rename"; renamed: ChangedTicket }
  | { intent: AttendeesIntent; refused: { status: number; message: string } };
