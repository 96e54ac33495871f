import type { BuyerRefundRequest, ChangedTicket, TicketEmailResult } from "@domain";

/** What a card's post answers: the change made, or the server's refusal in its own words. */
export type MyTicketsActionResult =
  | { intent: "refund"; bookingId: string; request: BuyerRefundRequest }
  | { intent: "resend"; bookingId: string; result: TicketEmailResult }
  | { intent: "transfer"; bookingId: string; transfer: ChangedTicket }
  | { intent: "refund" | "resend" | "transfer"; bookingId: string; refused: { status: number; message: string } };
