import type { TicketEmailStatus } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** A confirmed booking with its event, as verify-payment returns it (spec §7). */
export interface VerifiedBooking {
  id: string;
  event_id: string;
  attendee_name: string;
  attendee_email: string;
  ticket_quantity: number;
  total_amount_pence: number;
  qr_code: string | null;
  ticket_code: string;
  events?: {
    title: string | null;
    description: string | null;
    date_time: string | null;
    venue?: string | null;
    location: string | null;
    image_url: string | null;
  } | null;
  /** The ticket e-mail, sent by the server in the background after confirming (ARCHITECTURE: ticket delivery). */
  ticket_email?: TicketEmailStatus;
}

export interface VerifyPaymentResult {
  success?: boolean;
  booking?: VerifiedBooking;
  /** One booking per event of a cart checkout (decisions.md D6). */
  bookings?: VerifiedBooking[];
  message?: string;
  error?: string;
}

/** Confirms a paid checkout; harmless to repeat (the server confirms once). */
export function verifyPayment(sessionId: string): Promise<VerifyPaymentResult | null> {
  return apiRequest("/api/functions/verify-payment", { method: "POST", json: { sessionId } });
}
