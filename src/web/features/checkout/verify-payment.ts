import { useEffect, useState } from "react";
import type { TicketEmailStatus } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { oncePerKey } from "./lib/once-per-key";
import { VERIFICATION_MESSAGES, verificationFailure, verificationOutcome, type VerificationOutcome } from "./lib/verification-outcome";
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

// One request per session for this page's lifetime, however often React runs the effect.
const verifyOnce = oncePerKey<VerificationOutcome>(
  (sessionId) => verifyPayment(sessionId).then(verificationOutcome, verificationFailure),
  (outcome) => outcome.ok,
);

export type VerificationState = { status: "verifying" } | { status: "done"; outcome: VerificationOutcome };

// One object for every render, so effects keyed on the outcome run once.
const NO_SESSION: VerificationState = { status: "done", outcome: { ok: false, message: VERIFICATION_MESSAGES.noSession } };
const noRetry = () => {};

/** Verifies the session once on mount (spec §4 Payment); `retry` asks again after a failure. */
export function usePaymentVerification(sessionId: string | null): { state: VerificationState; retry: () => void } {
  const [result, setResult] = useState<{ key: string; outcome: VerificationOutcome } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = sessionId ? `${sessionId}#${attempt}` : null;

  useEffect(() => {
    if (!sessionId || !key) return;
    let current = true;
    void verifyOnce(sessionId).then((outcome) => {
      if (current) setResult({ key, outcome });
    });
    return () => {
      current = false;
    };
  }, [sessionId, key]);

  if (!sessionId) return { state: NO_SESSION, retry: noRetry };
  const state: VerificationState = result?.key === key ? { status: "done", outcome: result.outcome } : { status: "verifying" };
  return { state, retry: () => setAttempt((value) => value + 1) };
}
