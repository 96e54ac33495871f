import { LayoutDashboard, Wrench } from "lucide-react";
import type { OwnAffiliate } from "@domain";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { AffiliateDashboard } from "./affiliate-dashboard";
import { AffiliateTools } from "./affiliate-tools";

/** Signed in with an account: 'Dashboard' and 'Affiliate Tools' (spec §2 Affiliate page). */
export function AffiliateAccountTabs({
  affiliate,
  origin,
  generating,
  onGenerateNewCode,
}: {
  affiliate: OwnAffiliate;
  origin: string;
  generating: boolean;
  onGenerateNewCode: () => void;
}) {
  return (
    <section aria-labelledby="affiliate-account-title">
      <h2 id="affiliate-account-title" className="text-2xl font-extrabold tracking-tight">
        Your affiliate account
      </h2>
      <Tabs defaultValue="dashboard" className="mt-5">
        <TabsList aria-label="Affiliate account" className="max-w-md">
          <TabsTrigger value="dashboard" className="flex items-center justify-center gap-2">
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </TabsTrigger>
          <TabsTrigger value="tools" className="flex items-center justify-center gap-2">
            <Wrench className="size-4" aria-hidden="true" />
            Affiliate Tools
          </TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <AffiliateDashboard affiliate={affiliate} />
        </TabsContent>
        <TabsContent value="tools">
          <AffiliateTools affiliate={affiliate} origin={origin} generating={generating} onGenerateNewCode={onGenerateNewCode} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
