import { useLocation, useNavigation, useSearchParams } from "react-router";
import { dashboardSearch, parseDashboardTab, type DashboardTab } from "../lib/dashboard-view";

/**
 * The tab and attendee event, kept in the address (?tab=, ?event=) so they survive a reload. While
 * the address change is under way (the root loader re-reads the session) the view already shows
 * where it is going, so a tab switch feels instant.
 */
export function useDashboardView() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const pending = useNavigation().location;
  const shown = pending && pending.pathname === pathname ? new URLSearchParams(pending.search) : searchParams;

  // From what is shown, so a second change made before the first has landed keeps the first.
  const show = (change: { tab?: DashboardTab; event?: string | null }) =>
    // Replace, not push: switching tabs should not fill the Back button's history.
    setSearchParams(new URLSearchParams(dashboardSearch(shown, change)), { replace: true, preventScrollReset: true });

  /** The search string of a view, for a link to it. */
  const searchFor = (change: { tab?: DashboardTab; event?: string | null }) => dashboardSearch(shown, change);

  return { tab: parseDashboardTab(shown.get("tab")), requestedEvent: shown.get("event"), show, searchFor };
}
