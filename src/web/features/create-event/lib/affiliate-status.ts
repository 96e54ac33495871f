import type { AffiliateLookup } from "@domain";

/** The live check of the affiliate code field (spec §5 Create event). */
export type AffiliateStatus =
  | { state: "idle" }
  | { state: "checking" }
  | { state: "valid"; displayName: string }
  | { state: "not-found" }
  | { state: "unavailable" };

/** Pause after the last keystroke before asking the server. */
export const AFFILIATE_LOOKUP_DELAY_MS = 400;

/** Codes worth asking about: what the schema accepts (letters, numbers and -, at most 32). */
export function isCheckableAffiliateCode(code: string): boolean {
  return /^[A-Z0-9-]{1,32}$/.test(code);
}

export function affiliateStatusFrom(lookup: AffiliateLookup): AffiliateStatus {
  return lookup.valid ? { state: "valid", displayName: lookup.displayName } : { state: "not-found" };
}

export interface AffiliateStatusMessage {
  tone: "success" | "warning" | "muted";
  text: string;
}

/** The line shown under the field, or null when there is nothing to say. */
export function affiliateStatusMessage(status: AffiliateStatus): AffiliateStatusMessage | null {
  switch (status.state) {
    case "idle":
      return null;
    case "checking":
      return { tone: "muted", text: "Checking affiliate code..." };
    case "valid":
      return { tone: "success", text: `Valid affiliate code - ${status.displayName}` };
    case "not-found":
      return { tone: "warning", text: "Affiliate code not found - commission will not be tracked" };
    case "unavailable":
      return { tone: "muted", text: "Could not check the affiliate code just now. It will still be saved." };
  }
}
