import type { CreatePaymentInput } from "@domain";
import { apiRequest } from "~/lib/api-request";

export interface CreatePaymentResult {
  /** The provider's checkout page. */
  url: string;
  sessionId: string;
}

/**
 * Starts a checkout for one event (spec §7 create-payment) or a whole cart (decisions.md D6). The
 * server prices every line itself (D8) and holds the places while the checkout is open (D9).
 */
export function createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
  return apiRequest("/api/functions/create-payment", { method: "POST", json: input });
}
