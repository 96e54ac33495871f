import { CalendarDays, ChartColumn, DoorOpen, Landmark, ListOrdered, ScanLine, Ticket, TicketPercent, Users, type LucideIcon } from "lucide-react";
import { NavLink } from "react-router";
import { DASHBOARD_TABS, type DashboardTab } from "../lib/dashboard-view";

const ICONS: Record<DashboardTab, LucideIcon> = {
  events: CalendarDays,
  sales: ChartColumn,
  bookings: Ticket,
  attendees: Users,
  codes: TicketPercent,
  "waiting-list": ListOrdered,
  "door-team": DoorOpen,
  "check-in": ScanLine,
  payouts: Landmark,
};

/**
 * My Events, Sales Analytics, My Bookings, Attendee Management (spec §2 Dashboard), Waiting Lists (issue 37), Check-in (issue 38) and Payouts (D23):
 * each a link to its own address, the current one marked (aria-current), styled as tabs.
 */
export function DashboardNav() {
  return (
    <nav aria-label="Dashboard sections">
      {/* Two by two on phones, one row from small tablets up. */}
      <ul className="grid auto-cols-fr grid-flow-row grid-cols-2 gap-1 rounded-xl bg-surface p-1 sm:grid-flow-col sm:grid-cols-none">
        {DASHBOARD_TABS.map(({ value, label, path }) => {
          const Icon = ICONS[value];
          return (
            <li key={value} className="flex">
              <NavLink
                to={path}
                // My Events is /dashboard itself: current only there, not under every section.
                end={value === "events"}
                preventScrollReset
                className="flex flex-1 items-center justify-center gap-2 rounded-lg px-3 py-2.5 text-center text-sm font-semibold leading-tight text-muted transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=page]:bg-white aria-[current=page]:text-brand-800 aria-[current=page]:shadow-sm"
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
