import type { Statements } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** The Payouts tab's figures: a statement per event, each transfer, and the months with a fee statement. */
export function getStatements(signal?: AbortSignal): Promise<Statements> {
  return apiRequest("/api/payouts/statements", { method: "GET", signal });
}

export const STATEMENTS_CSV_URL = "/api/payouts/statements.csv";
export const PAYOUTS_CSV_URL = "/api/payouts/payouts.csv";
