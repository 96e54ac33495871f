/**
 * What the dashboard shows lives in its URL, so a reload or a shared link opens the same view:
 * ?tab= picks the tab (spec §2 Dashboard) and ?event= the event whose attendees are listed.
 */
export const DASHBOARD_TABS = [
  { value: "events", label: "My Events" },
  { value: "sales", label: "Sales Analytics" },
  { value: "bookings", label: "My Bookings" },
  { value: "attendees", label: "Attendee Management" },
  { value: "payouts", label: "Payouts" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

export const DEFAULT_DASHBOARD_TAB: DashboardTab = "events";

const VIEW_PARAMS = ["tab", "event"] as const;

export function parseDashboardTab(value: string | null | undefined): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.value === value)?.value ?? DEFAULT_DASHBOARD_TAB;
}

/** The search string for a view; the default tab is left out so /dashboard stays the canonical address. */
export function dashboardSearch(current: URLSearchParams, change: { tab?: DashboardTab; event?: string | null }): string {
  const next = new URLSearchParams(current);
  if (change.tab !== undefined) {
    if (change.tab === DEFAULT_DASHBOARD_TAB) next.delete("tab");
    else next.set("tab", change.tab);
  }
  if (change.event !== undefined) {
    if (change.event) next.set("event", change.event);
    else next.delete("event");
  }
  const query = next.toString();
  return query ? `?${query}` : "";
}

function withoutViewParams(url: URL): string {
  const search = new URLSearchParams(url.search);
  for (const name of VIEW_PARAMS) search.delete(name);
  search.sort();
  return `${url.pathname}?${search.toString()}`;
}

/**
 * True when a navigation only switched tab or attendee event: the loader's data does not depend on
 * them, so there is nothing to fetch again. A revalidate() keeps the same URL and still reloads.
 */
export function isViewOnlyChange(currentUrl: URL, nextUrl: URL): boolean {
  return currentUrl.search !== nextUrl.search && withoutViewParams(currentUrl) === withoutViewParams(nextUrl);
}
