import { ApiRequestError } from "~/lib/api-request";

export interface ToastText {
  title: string;
  description?: string;
}

/** Buying toasts, word for word from spec §6 Anonymous and §8 Payment. */
export const PAYMENT_TOASTS = {
  signInRequired: { title: "Sign In Required", description: "Please sign in to buy tickets for this event." },
  signInRequiredForCart: { title: "Sign In Required", description: "Please sign in to buy the tickets in your cart." },
  windowOpened: { title: "Payment Window Opened", description: "Complete your payment in the new tab." },
  redirecting: { title: "Redirecting to Payment", description: "Your browser blocked the new tab, so we're taking you there now." },
  paymentError: { title: "Payment Error" },
  /** An age-limited event and an account without a date of birth (issue 34): the server's message says which event. */
  dateOfBirthNeeded: { title: "Date of birth needed" },
  emailSent: { title: "Ticket email sent", description: "Please check your inbox." },
  emailFailed: { title: "Failed to send email" },
} as const satisfies Record<string, ToastText>;

export const PAYMENT_FAILED_FALLBACK = "Failed to initiate payment. Please try again.";
export const NO_CHECKOUT_URL = "No checkout URL received from payment service";

/** The 'Payment Error' detail: the server's reason ('Sold out: …', 'Only 2 left for …'), else the spec's fallback. */
export function paymentErrorDescription(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500 && error.message) return error.message;
  if (error instanceof Error && error.message === NO_CHECKOUT_URL) return NO_CHECKOUT_URL;
  return PAYMENT_FAILED_FALLBACK;
}

/** The session ended in the meantime (signed out in another tab): the buyer must sign in again. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401;
}

/** Places changed while the page was open (sold out, fewer left): the page's figures are stale. */
export function isCapacityConflict(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409;
}
