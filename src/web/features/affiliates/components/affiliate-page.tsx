import type { OwnAffiliate } from "@domain";
import { useSessionUser } from "~/hooks/use-session-user";
import { useAffiliatePostToasts } from "../hooks/use-affiliate-account";
import { AffiliateAccountTabs } from "./affiliate-account-tabs";
import { AffiliateFaq } from "./affiliate-faq";
import { AffiliateHero } from "./affiliate-hero";
import { AffiliateCreate, AffiliateSignIn } from "./affiliate-join";

/**
 * /affiliates (spec §2 Affiliate page): signed out → sign in; signed in without an account → create
 * one; with an account → Dashboard and Affiliate Tools. The FAQ is always there.
 */
export function AffiliatePage({ loadedFor, initialAffiliate, origin }: { loadedFor: string | null; initialAffiliate: OwnAffiliate | null; origin: string }) {
  const user = useSessionUser();
  // Signed out in this browser a moment ago, or a different user than the page was loaded for.
  const signedIn = user !== null && user.id === loadedFor;
  return <AffiliateView key={signedIn ? user.id : "signed-out"} signedIn={signedIn} initialAffiliate={initialAffiliate} origin={origin} />;
}

function AffiliateView({ signedIn, initialAffiliate, origin }: { signedIn: boolean; initialAffiliate: OwnAffiliate | null; origin: string }) {
  useAffiliatePostToasts();
  const affiliate = signedIn ? initialAffiliate : null;
  return (
    <>
      <AffiliateHero>
        {!signedIn ? (
          <AffiliateSignIn />
        ) : affiliate ? (
          <p className="font-semibold text-brand-100">
            You&apos;re an affiliate. Your code is <span className="font-mono font-bold tracking-widest text-white">{affiliate.code}</span>.
          </p>
        ) : (
          <AffiliateCreate />
        )}
      </AffiliateHero>
      <div className="bg-surface">
        <div className="container-page flex flex-col gap-12 py-12 sm:py-16">
          {signedIn && affiliate && (
            <AffiliateAccountTabs affiliate={affiliate} origin={origin} />
          )}
          <div className="max-w-3xl">
            <AffiliateFaq />
          </div>
        </div>
      </div>
    </>
  );
}
