import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { OwnAffiliate } from "@domain";
import { toast } from "~/lib/toast";
import { affiliateErrorDescription, AFFILIATE_TOASTS } from "../lib/affiliate-toasts";

/** The page's two account posts: Create Affiliate Account, and Generate New Code. */
export type AffiliatePost = "create" | "new-code";

/** What the page's action answers a post: the account as it is now, or the server's refusal. */
export type AffiliateActionResult = { intent: AffiliatePost; affiliate: OwnAffiliate } | { intent: AffiliatePost; refused: { status: number; message: string } };

/** One fetcher for both posts, wherever their buttons are on the page (a fetcher key is shared). */
const AFFILIATE_FETCHER = "affiliate-account";

/** A button's form for one of the account posts, and which post is under way. */
export function useAffiliatePost() {
  const fetcher = useFetcher<AffiliateActionResult>({ key: AFFILIATE_FETCHER });
  const posting = fetcher.state === "idle" ? null : (fetcher.formData?.get("intent") as AffiliatePost | null);
  return { Form: fetcher.Form, posting };
}

/**
 * The toasts for the account posts' answers (spec §8 Affiliate); the page reads the account again from
 * its loader after each.
 */
export function useAffiliatePostToasts() {
  const answer = useFetcher<AffiliateActionResult>({ key: AFFILIATE_FETCHER }).data;
  useEffect(() => {
    if (!answer) return;
    if ("refused" in answer) {
      const fallback = answer.intent === "create" ? AFFILIATE_TOASTS.createFallback : AFFILIATE_TOASTS.newCodeFallback;
      toast.error(AFFILIATE_TOASTS.error, { description: affiliateErrorDescription(answer.refused, fallback) });
      return;
    }
    const text = answer.intent === "create" ? AFFILIATE_TOASTS.created : AFFILIATE_TOASTS.newCode;
    toast.success(text.title, { description: text.description });
  }, [answer]);
}
