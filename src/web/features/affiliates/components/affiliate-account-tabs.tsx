import { LayoutDashboard, Wrench } from "lucide-react";
import { useSearchParams } from "react-router";
import { AddressTabs, selectedTab, tabSearch } from "~/components/ui/tabs";
import { AffiliateDashboard } from "./affiliate-dashboard";
import { AffiliateTools, type AffiliateToolsProps } from "./affiliate-tools";

const TABS = [
  {
    value: "dashboard",
    label: (
      <>
        <LayoutDashboard className="size-4" aria-hidden="true" />
        Dashboard
      </>
    ),
  },
  {
    value: "tools",
    label: (
      <>
        <Wrench className="size-4" aria-hidden="true" />
        Affiliate Tools
      </>
    ),
  },
] as const;
const TAB_VALUES = TABS.map(({ value }) => value);

/**
 * Signed in with an account: 'Dashboard' and 'Affiliate Tools' (spec §2 Affiliate page). The tab is in
 * the address (`?tab=tools`), each a link, so a tap works before the page's scripts run.
 */
export function AffiliateAccountTabs(props: AffiliateToolsProps) {
  const [searchParams] = useSearchParams();
  const tab = selectedTab(searchParams, "tab", TAB_VALUES);
  return (
    <section aria-labelledby="affiliate-account-title">
      <h2 id="affiliate-account-title" className="text-2xl font-extrabold tracking-tight">
        Your affiliate account
      </h2>
      <AddressTabs
        idPrefix="affiliate"
        label="Affiliate account"
        tabs={TABS}
        selected={tab}
        searchFor={(value) => tabSearch(searchParams, "tab", TAB_VALUES, value)}
        className="mt-5"
        listClassName="max-w-md"
        tabClassName="gap-2"
      >
        {tab === "dashboard" ? <AffiliateDashboard affiliate={props.affiliate} /> : <AffiliateTools {...props} />}
      </AddressTabs>
    </section>
  );
}
