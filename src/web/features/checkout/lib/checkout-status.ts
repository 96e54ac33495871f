import { paths } from "~/paths";

export interface ClosedCheckoutView {
  title: string;
  description: string;
  tone: "success" | "neutral";
  action: { label: string; to: string };
}

/** Where a paid checkout's booking is shown (the provider's return address). */
export function paymentSuccessPath(sessionId: string): string {
  return `${paths.paymentSuccess}?session_id=${encodeURIComponent(sessionId)}`;
}

/** What the test checkout page says once a session is no longer waiting for payment; null while pending. */
export function closedCheckoutView(status: string, sessionId: string): ClosedCheckoutView | null {
  switch (status) {
    case "pending":
      return null;
    case "confirmed":
      return {
        title: "Already paid",
        description: "This checkout has been paid. Your tickets are booked.",
        tone: "success",
        action: { label: "View your booking", to: paymentSuccessPath(sessionId) },
      };
    case "cancelled":
      return {
        title: "Checkout cancelled",
        description: "This checkout was cancelled and no charges were made. The places it held have been released.",
        tone: "neutral",
        action: { label: "Back to Events", to: paths.events() },
      };
    case "expired":
      return {
        title: "Checkout expired",
        description: "This checkout was not paid in time, so the places it held have been released. Please start again.",
        tone: "neutral",
        action: { label: "Back to Events", to: paths.events() },
      };
    case "refunded":
      return {
        title: "Payment refunded",
        description: "This payment has been refunded in full.",
        tone: "neutral",
        action: { label: "Back to Events", to: paths.events() },
      };
    default:
      return {
        title: "Checkout closed",
        description: "This checkout can no longer be paid.",
        tone: "neutral",
        action: { label: "Back to Events", to: paths.events() },
      };
  }
}
