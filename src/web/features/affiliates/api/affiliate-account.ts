import type { OwnAffiliate } from "@domain";
import { apiRequest } from "~/lib/api-request";

/** Creates the signed-in user's affiliate account: active, 10% commission, a fresh code (spec §4 Affiliate account). */
export function createAffiliateAccount(): Promise<OwnAffiliate> {
  return apiRequest("/api/me/affiliate", { method: "POST" });
}

/** A further code that replaces the displayed one; links with the old codes keep earning (spec §4). */
export function generateAffiliateCode(): Promise<OwnAffiliate> {
  return apiRequest("/api/me/affiliate/codes", { method: "POST" });
}
