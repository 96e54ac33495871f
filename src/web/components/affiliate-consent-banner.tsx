import { Link2 } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { removeExpiredAffiliateCode } from "~/lib/affiliate-ref";
import { affiliateCodeAwaitingConsent, answerAffiliateConsent, arriveWithAffiliateRef, subscribeToVisitAffiliateCode } from "~/lib/affiliate-visit";

/** Takes each `?ref=` into the visit's memory (a remembered code past its 30 days goes first), and asks while it waits for an answer. */
export function AffiliateRefVisit({ refParam }: { refParam: string | null }) {
  useEffect(() => {
    try {
      removeExpiredAffiliateCode(window.localStorage, Date.now());
    } catch {
      // Storage can be unavailable (private mode, blocked cookies): then nothing was remembered either.
    }
    arriveWithAffiliateRef(refParam);
  }, [refParam]);
  const code = useSyncExternalStore(subscribeToVisitAffiliateCode, affiliateCodeAwaitingConsent, () => null);
  return code ? <AffiliateConsentBanner code={code} /> : null;
}

/**
 * Asks before an affiliate's code is stored in the browser (issue 34). Either answer keeps the code for
 * this visit; only Yes stores it, for 30 days. In the page's flow rather than fixed over it, so it never
 * hides what has the keyboard focus.
 */
export function AffiliateConsentBanner({ code }: { code: string }) {
  return (
    <section aria-label="Affiliate link" className="border-b border-brand-200 bg-brand-50 text-brand-950">
      <div className="container-page flex flex-col gap-3 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-2">
          <Link2 className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            You came from <strong className="font-bold">{code}</strong>'s link. Remember it for 30 days so they get credit if you buy later?
          </span>
        </p>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" onClick={() => answerAffiliateConsent(true)}>
            Yes
          </Button>
          <Button size="sm" variant="outline" onClick={() => answerAffiliateConsent(false)}>
            No thanks
          </Button>
        </div>
      </div>
    </section>
  );
}
