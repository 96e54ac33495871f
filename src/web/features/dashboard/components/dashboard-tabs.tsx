import { ChartColumn, CalendarDays, Ticket, Users, type LucideIcon } from "lucide-react";
import type { DashboardEvent, OwnBooking, SalesAnalytics } from "@domain";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useDashboardView } from "../hooks/use-dashboard-view";
import { DASHBOARD_TABS, parseDashboardTab, type DashboardTab } from "../lib/dashboard-view";
import { AttendeePanel } from "./attendees/attendee-panel";
import { MyBookingsPanel } from "./bookings/my-bookings-panel";
import { MyEventsPanel } from "./my-events/my-events-panel";
import { SalesPanel } from "./sales/sales-panel";

const TAB_ICONS: Record<DashboardTab, LucideIcon> = {
  events: CalendarDays,
  sales: ChartColumn,
  bookings: Ticket,
  attendees: Users,
};

/** My Events, Sales Analytics, My Bookings and Attendee Management (spec §2 Dashboard). */
export function DashboardTabs({ events, sales, bookings }: { events: DashboardEvent[]; sales: SalesAnalytics; bookings: OwnBooking[] }) {
  const { tab, show } = useDashboardView();
  return (
    <Tabs value={tab} onValueChange={(value) => show({ tab: parseDashboardTab(value) })}>
      {/* Two by two on phones, one row from small tablets up. */}
      <TabsList aria-label="Dashboard sections" className="grid-flow-row grid-cols-2 sm:grid-flow-col sm:grid-cols-none">
        {DASHBOARD_TABS.map(({ value, label }) => {
          const Icon = TAB_ICONS[value];
          return (
            <TabsTrigger key={value} value={value} className="flex items-center justify-center gap-2 px-3 py-2.5 text-center leading-tight">
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {label}
            </TabsTrigger>
          );
        })}
      </TabsList>
      <TabsContent value="events">
        <MyEventsPanel events={events} />
      </TabsContent>
      <TabsContent value="sales">
        <SalesPanel sales={sales} />
      </TabsContent>
      <TabsContent value="bookings">
        <MyBookingsPanel bookings={bookings} />
      </TabsContent>
      <TabsContent value="attendees">
        <AttendeePanel events={events} />
      </TabsContent>
    </Tabs>
  );
}
