import { ChartColumn, CalendarDays, Landmark, Ticket, Users, type LucideIcon } from "lucide-react";
import type { DashboardEvent, OwnBooking, PayoutAccountState, SalesAnalytics } from "@domain";
import { AddressTabs } from "~/components/ui/tabs";
import { useDashboardView } from "../hooks/use-dashboard-view";
import { DASHBOARD_TABS, type DashboardTab } from "../lib/dashboard-view";
import type { AttendeeEventGroups } from "../lib/my-event-rows";
import { AttendeePanel } from "./attendees/attendee-panel";
import { MyBookingsPanel } from "./bookings/my-bookings-panel";
import { MyEventsPanel } from "./my-events/my-events-panel";
import { PayoutsPanel } from "./payouts/payouts-panel";
import { SalesPanel } from "./sales/sales-panel";

const TAB_ICONS: Record<DashboardTab, LucideIcon> = {
  events: CalendarDays,
  sales: ChartColumn,
  bookings: Ticket,
  attendees: Users,
  payouts: Landmark,
};

/**
 * My Events, Sales Analytics, My Bookings, Attendee Management (spec §2 Dashboard) and Payouts (D23). Each tab is a link
 * to its address (`?tab=sales`), so a tap works before the page's scripts run.
 */
export function DashboardTabs({
  events,
  attendeeEvents,
  sales,
  bookings,
  payoutAccount,
}: {
  events: DashboardEvent[];
  attendeeEvents: AttendeeEventGroups;
  sales: SalesAnalytics;
  bookings: OwnBooking[];
  payoutAccount: PayoutAccountState;
}) {
  const { tab, searchFor } = useDashboardView();
  const tabs = DASHBOARD_TABS.map(({ value, label }) => {
    const Icon = TAB_ICONS[value];
    return {
      value,
      label: (
        <>
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {label}
        </>
      ),
    };
  });
  return (
    <AddressTabs
      idPrefix="dashboard"
      label="Dashboard sections"
      tabs={tabs}
      selected={tab}
      searchFor={(value) => searchFor({ tab: value })}
      // Two by two on phones, one row from small tablets up.
      listClassName="grid-flow-row grid-cols-2 sm:grid-flow-col sm:grid-cols-none"
      tabClassName="gap-2 px-3 py-2.5 leading-tight"
    >
      {tab === "events" && <MyEventsPanel events={events} />}
      {tab === "sales" && <SalesPanel sales={sales} />}
      {tab === "bookings" && <MyBookingsPanel bookings={bookings} />}
      {tab === "attendees" && <AttendeePanel groups={attendeeEvents} />}
      {tab === "payouts" && <PayoutsPanel account={payoutAccount} />}
    </AddressTabs>
  );
}
