import type { CheckInResult, NoticeSettings, RefundRequestView, RefundView, TicketView } from "@domain";

export type AttendeesIntent = "check-in" | "refund" | "approve" | "decline" | "refund-request-emails" | "lookup-ticket";

/** What a post to Attendee Management answers: the change made, or the server's refusal in its own words. */
export type AttendeesActionResult =
  | { intent: "check-in"; checkIn: CheckInResult }
  | { intent: "refund"; refund: RefundView }
  | { intent: "approve" | "decline"; request: RefundRequestView }
  | { intent: "refund-request-emails"; settings: NoticeSettings }
  | { intent: "lookup-ticket"; ticket: TicketView }
  | { intent: AttendeesIntent; refused: { status: number; message: string } };
