import { Lightbulb, Loader2, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import type { OwnAffiliate } from "@domain";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { paths } from "~/paths";
import { MARKETING_TIPS } from "../lib/affiliate-content";
import { affiliateLink } from "../lib/affiliate-link";
import { useAffiliatePost } from "../hooks/use-affiliate-account";
import { CopyField } from "./copy-field";

export interface AffiliateToolsProps {
  affiliate: OwnAffiliate;
  origin: string;
}

/** Affiliate Tools tab: the code with Copy, the share link, 'Generate New Code' and marketing tips (spec §2). */
export function AffiliateTools({ affiliate, origin }: AffiliateToolsProps) {
  const { Form, posting } = useAffiliatePost();
  const generating = posting === "new-code";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.8fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Your referral code</CardTitle>
          <p className="text-sm text-muted">Share the link, or give people your code.</p>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <CopyField id="affiliate-code" label="Affiliate code" value={affiliate.code} mono />
          <CopyField
            id="affiliate-link"
            label="Share link"
            value={affiliateLink(origin, affiliate.code)}
            copyLabel="Copy link"
            hint="Anyone who opens this link is referred by you for 30 days."
          />
          <Form method="post" className="flex flex-col gap-2 border-t border-border pt-5">
            <Button type="submit" name="intent" value="new-code" variant="outline" className="self-start" disabled={generating}>
              {generating ? <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <RefreshCw aria-hidden="true" />}
              {generating ? "Generating..." : "Generate New Code"}
            </Button>
            <p className="text-xs text-muted">Your old referral links keep working after you generate a new code.</p>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Lightbulb className="size-5 text-accent-600" aria-hidden="true" />
            Marketing tips
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-ink/90 marker:text-brand-600">
            {MARKETING_TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
          <Link to={paths.socialMediaStrategy} className="mt-4 inline-block text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
            Read our social media guide
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
