import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";

// Everything about a `?ref=` visit loads only when one happens, so no other visit carries its script.
const AffiliateRefVisit = lazy(() => import("./affiliate-consent-banner").then((module) => ({ default: module.AffiliateRefVisit })));

const noSubscription = () => () => {};

/**
 * From the first page of the visit with `?ref=CODE` on (in the browser only, never in the server's
 * render): the code is kept in memory and the visitor asked whether to remember it (issue 34).
 */
export function AffiliateConsent() {
  const [searchParams] = useSearchParams();
  const refParam = searchParams.get("ref");
  const inBrowser = useSyncExternalStore(noSubscription, () => true, () => false);
  // Once seen, the visit keeps it on pages without `?ref=` too, until the visitor answers.
  const [refSeen, setRefSeen] = useState(false);
  if (inBrowser && refParam && !refSeen) setRefSeen(true);
  if (!refSeen) return null;
  return (
    <Suspense fallback={null}>
      <AffiliateRefVisit refParam={refParam} />
    </Suspense>
  );
}
