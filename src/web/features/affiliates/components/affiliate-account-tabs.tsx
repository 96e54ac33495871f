import { LayoutDashboard, Wrench } from "lucide-react";
import type { OwnAffiliate } from "@domain";
import { useSearchParams } from "react-router";
import { selectedTab, tabIds, TabsContent, TabsList, TabsTrigger, tabSearch } from "~/components/ui/tabs";
import { AffiliateDashboard } from "./affiliate-dashboard";
import { AffiliateTools } from "./affiliate-tools";

const TABS = ["dashboard", "tools"] as const;

/**
 * Signed in with an account: 'Dashboard' and 'Affiliate Tools' (spec §2 Affiliate page). The tab is in
 * the address (`?tab=tools`), each a link, so a tap works before the page's scripts run.
 */
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
  const [searchParams] = useSearchParams();
  const tab = selectedTab(searchParams, "tab", TABS);
  const trigger = (value: (typeof TABS)[number]) => {
    const { tabId, panelId } = tabIds("affiliate", value);
    return { id: tabId, panelId, selected: value === tab, to: { search: tabSearch(searchParams, "tab", TABS, value) } };
  };
  return (
    <section aria-labelledby="affiliate-account-title">
      <h2 id="affiliate-account-title" className="text-2xl font-extrabold tracking-tight">
        Your affiliate account
      </h2>
      <div className="mt-5">
        <TabsList label="Affiliate account" className="max-w-md">
          <TabsTrigger {...trigger("dashboard")} className="gap-2">
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Dashboard
          </TabsTrigger>
          <TabsTrigger {...trigger("tools")} className="gap-2">
            <Wrench className="size-4" aria-hidden="true" />
            Affiliate Tools
          </TabsTrigger>
        </TabsList>
        <TabsContent id={tabIds("affiliate", tab).panelId} tabId={tabIds("affiliate", tab).tabId}>
          {tab === "dashboard" ? (
            <AffiliateDashboard affiliate={affiliate} />
          ) : (
            <AffiliateTools affiliate={affiliate} origin={origin} generating={generating} onGenerateNewCode={onGenerateNewCode} />
          )}
        </TabsContent>
      </div>
    </section>
  );
}
