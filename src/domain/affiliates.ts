import { z } from "zod";
import { PayoutView } from "./statement-shapes";

/** Affiliate codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L) (spec §9 Display). */
export const AFFILIATE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const AFFILIATE_CODE_LENGTH = 8;

export const OwnAffiliate = z.object({
  code: z.string(),
  commissionRate: z.number().int(),
  status: z.string(),
  totalEarningsPence: z.number().int(),
  totalReferrals: z.number().int(),
  createdAt: z.string(),
  /** Commission paid out to the affiliate's account, one transfer per event (issue 20), newest first. */
  payouts: z.array(PayoutView),
});
export type OwnAffiliate = z.infer<typeof OwnAffiliate>;

export const AffiliateLookup = z.union([
  z.object({ valid: z.literal(true), code: z.string(), displayName: z.string() }),
  z.object({ valid: z.literal(false), code: z.string() }),
]);
export type AffiliateLookup = z.infer<typeof AffiliateLookup>;
