import { BadgePercent, PoundSterling, Users, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatPounds, type OwnAffiliate } from "@domain";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { affiliateStatusLabel } from "../lib/affiliate-link";
import { AffiliatePayouts } from "./affiliate-payouts";

function Stat({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <dt className="flex items-center gap-2 text-sm font-semibold text-muted">
        <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Icon className="size-4" aria-hidden="true" />
        </span>
        {label}
      </dt>
      <dd className="mt-3 text-2xl font-extrabold tracking-tight tabular-nums">{children}</dd>
    </Card>
  );
}

/** Dashboard tab: total earnings (in £, decisions.md D2), referrals, commission rate and status; then the payouts. */
export function AffiliateDashboard({ affiliate }: { affiliate: OwnAffiliate }) {
  const active = affiliate.status === "active";
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Stat icon={PoundSterling} label="Total Earnings">
          {formatPounds(affiliate.totalEarningsPence)}
        </Stat>
        <Stat icon={Users} label="Total Referrals">
          {affiliate.totalReferrals}
        </Stat>
        <Stat icon={BadgePercent} label="Commission Rate">
          {affiliate.commissionRate}%<span className="ml-1.5 text-sm font-semibold text-muted">of booking fees</span>
        </Stat>
        <Card className="p-5">
          <dt className="text-sm font-semibold text-muted">Status</dt>
          <dd className="mt-3">
            <Badge variant={active ? "success" : "warning"} size="lg">
              {affiliateStatusLabel(affiliate.status)}
            </Badge>
          </dd>
        </Card>
      </dl>
      <AffiliatePayouts payouts={affiliate.payouts} />
    </>
  );
}
