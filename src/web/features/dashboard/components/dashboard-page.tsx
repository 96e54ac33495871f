import type { ComponentProps } from "react";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { useRevalidateOnSale } from "../hooks/use-revalidate-on-sale";
import { CheckInInstructions } from "./check-in-instructions";
import { DashboardTabs } from "./dashboard-tabs";

/** /dashboard (spec §2 Dashboard): the check-in instructions, then the organiser's events, sales, bookings and attendees. */
export function DashboardPage(data: ComponentProps<typeof DashboardTabs>) {
  // Sales from the live feed and a return to the browser tab both bring the figures up to date.
  useRevalidateOnSale();
  useRevalidateOnVisible();
  return (
    <div className="bg-surface">
      <div className="container-page flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Dashboard</h1>
          <p className="mt-2 text-muted">Manage your events, follow your sales and check attendees in.</p>
        </header>
        <CheckInInstructions />
        <DashboardTabs events={data.events} attendeeEvents={data.attendeeEvents} sales={data.sales} bookings={data.bookings} payoutAccount={data.payoutAccount} />
      </div>
    </div>
  );
}
