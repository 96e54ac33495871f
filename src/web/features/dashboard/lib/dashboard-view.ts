/**
 * The dashboard's sections (spec §2 Dashboard, D23), each an address of its own (issue 35), so a
 * reload or a shared link opens the same one; ?event= on Attendee Management picks the event.
 */
export const DASHBOARD_TABS = [
  { value: "events", label: "My Events", path: "/dashboard" },
  { value: "sales", label: "Sales Analytics", path: "/dashboard/sales" },
  { value: "bookings", label: "My Bookings", path: "/dashboard/bookings" },
  { value: "attendees", label: "Attendee Management", path: "/dashboard/attendees" },
  { value: "codes", label: "Codes", path: "/dashboard/codes" },
  { value: "waiting-list", label: "Waiting Lists", path: "/dashboard/waiting-list" },
  { value: "door-team", label: "Door team", path: "/dashboard/door-team" },
  { value: "check-in", label: "Check-in", path: "/dashboard/check-in" },
  { value: "payouts", label: "Payouts", path: "/dashboard/payouts" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

/**
 * Where an old address (`/dashboard?tab=sales&event=…`, before the sections had addresses of their own)
 * now lives, its other parameters kept; null when the address has no ?tab=.
 */
export function sectionAddressOf(url: URL): string | null {
  const tab = url.searchParams.get("tab");
  if (tab === null) return null;
  const section = DASHBOARD_TABS.find((one) => one.value === tab) ?? DASHBOARD_TABS[0];
  const search = new URLSearchParams(url.search);
  search.delete("tab");
  const query = search.toString();
  return `${section.path}${query ? `?${query}` : ""}`;
}
