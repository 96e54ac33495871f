import type { CreatePaymentInput, CreatePaymentResult } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { paths } from "~/paths";

/**
 * Starts a checkout for one event (spec §7 create-payment) or a whole cart (decisions.md D6). The
 * server prices every line itself (D8) and holds the places while the checkout is open (D9).
 */
export function createPayment(input: CreatePaymentInput): Promise<CreatePaymentResult> {
  return apiRequest("/api/functions/create-payment", { method: "POST", json: input });
}

/** /auth with the page to come back to; slashes stay readable (/auth?redirect=/events/…). */
export function signInPath(returnTo: string): string {
  return `${paths.auth}?redirect=${encodeURIComponent(returnTo).replace(/%2F/gi, "/")}`;
}
