import { useEffect, useState } from "react";
import type { VerifiedBooking as DomainVerifiedBooking, VerifyPaymentResult as DomainVerifyPaymentResult } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { oncePerKey } from "./lib/once-per-key";
import { VERIFICATION_MESSAGES, verificationFailure, verificationOutcome, type VerificationOutcome } from "./lib/verification-outcome";

/**
 * verify-payment's booking (spec §7) as this page reads it: the page still copes with an answer that lacks
 * the event or the e-mail's delivery ('Booking data is incomplete', spec §8 Payment).
 */
export type VerifiedBooking = Omit<DomainVerifiedBooking, "events" | "ticket_email"> & {
  events?: Partial<DomainVerifiedBooking["events"]> | null;
  ticket_email?: DomainVerifiedBooking["ticket_email"];
};

/** verify-payment's answer as this page reads it: whatever came back, even nothing, is judged by `verificationOutcome`. */
export type VerifyPaymentResult = Partial<Omit<DomainVerifyPaymentResult, "booking" | "bookings">> & {
  booking?: VerifiedBooking;
  bookings?: VerifiedBooking[];
};

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
