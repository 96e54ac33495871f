import { AffiliateLookup } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Whether a code belongs to an active affiliate, and whose it is (spec §5 Create event). */
export async function lookupAffiliate(code: string, signal?: AbortSignal): Promise<AffiliateLookup> {
  const reply = await apiRequest<unknown>(`/api/affiliates/lookup?code=${encodeURIComponent(code)}`, { method: "GET", signal });
  return AffiliateLookup.parse(reply);
}
