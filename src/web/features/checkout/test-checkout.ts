import { apiRequest } from "~/lib/api-request";

export type TestCheckoutStatus = "pending" | "confirmed" | "cancelled" | "expired" | "refunded";

/** A checkout session of the local test provider (the product's stand-in for a card payment page). */
export interface TestCheckout {
  sessionId: string;
  status: TestCheckoutStatus | (string & {});
  totalPence: number;
  expiresAt: string;
  lines: { eventId: string; title: string; quantity: number; totalPence: number }[];
}

interface Redirect {
  /** Where the browser goes next, as a real provider would send it: the success or cancel page. */
  redirectUrl: string;
}

function sessionPath(sessionId: string, action: "pay" | "cancel"): `/api/${string}` {
  return `/api/checkout/test/${encodeURIComponent(sessionId)}/${action}`;
}

export function payTestCheckout(sessionId: string): Promise<Redirect> {
  return apiRequest(sessionPath(sessionId, "pay"), { method: "POST" });
}

/** Cancels the checkout; its held places are released (decisions.md D9). */
export function cancelTestCheckout(sessionId: string): Promise<Redirect> {
  return apiRequest(sessionPath(sessionId, "cancel"), { method: "POST" });
}
