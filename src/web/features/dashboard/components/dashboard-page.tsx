import { CircleAlert } from "lucide-react";
import type { ComponentProps } from "react";
import { Link } from "react-router";
import { paths } from "~/paths";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { useRevalidateOnSale } from "../hooks/use-revalidate-on-sale";
import { CheckInInstructions } from "./check-in-instructions";
import { DashboardTabs } from "./dashboard-tabs";

/** /dashboard (spec §2 Dashboard): the check-in instructions, then the organiser's events, sales, bookings and attendees. */
export function DashboardPage({
  sellerDetailsPending = false,
  ...data
}: ComponentProps<typeof DashboardTabs> & {
  /** The organiser has not completed their seller details, so their paid events are not on sale (issue 34). */
  sellerDetailsPending?: boolean;
}) {
  const paidWaiting = sellerDetailsPending && data.events.some((event) => event.pricePence > 0 && event.status === "active");
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
        {paidWaiting && (
          <p role="note" className="flex items-start gap-3 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-bold">Your paid events are not on sale yet:</strong> buyers must be told who sells the tickets and where you
              can be found.{" "}
              <Link to={paths.profileEdit} className="font-semibold underline underline-offset-2">
                Add your seller details
              </Link>
            </span>
          </p>
        )}
        <CheckInInstructions />
        <DashboardTabs events={data.events} attendeeEvents={data.attendeeEvents} sales={data.sales} bookings={data.bookings} payoutAccount={data.payoutAccount} />
      </div>
    </div>
  );
}
