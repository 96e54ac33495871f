import { useEffect, useState } from "react";
import type { AffiliateLookup } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { AFFILIATE_LOOKUP_DELAY_MS, affiliateStatusFrom, isCheckableAffiliateCode, type AffiliateStatus } from "./lib/affiliate-status";

/** Whether a code belongs to an active affiliate, and whose it is (spec §5 Create event). */
export async function lookupAffiliate(code: string, signal?: AbortSignal): Promise<AffiliateLookup> {
  return apiRequest<AffiliateLookup>(`/api/affiliates/lookup?code=${encodeURIComponent(code)}`, { method: "GET", signal });
}

const IDLE: AffiliateStatus = { state: "idle" };
const CHECKING: AffiliateStatus = { state: "checking" };

/**
 * Checks an affiliate code with the server once typing pauses. Each answer is kept with the code it is
 * about, so an answer for an older code is never shown for the current one.
 */
export function useAffiliateLookup(code: string): AffiliateStatus {
  const wanted = code.trim().toUpperCase();
  const checkable = isCheckableAffiliateCode(wanted);
  const [answer, setAnswer] = useState<{ code: string; status: AffiliateStatus } | null>(null);

  useEffect(() => {
    if (!checkable) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookupAffiliate(wanted, controller.signal).then(
        (lookup) => setAnswer({ code: wanted, status: affiliateStatusFrom(lookup) }),
        () => {
          if (!controller.signal.aborted) setAnswer({ code: wanted, status: { state: "unavailable" } });
        },
      );
    }, AFFILIATE_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [wanted, checkable]);

  if (!checkable) return IDLE;
  return answer?.code === wanted ? answer.status : CHECKING;
}
