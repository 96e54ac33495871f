import { CircleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "~/paths";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { useRevalidateOnSale } from "../hooks/use-revalidate-on-sale";
import { CheckInInstructions } from "./check-in-instructions";
import { DashboardNav } from "./dashboard-nav";

/** /dashboard's frame (spec §2 Dashboard): the check-in instructions and the sections' links, then the section shown (`children`). */
export function DashboardPage({
  paidEventsWaiting,
  children,
}: {
  /** The organiser has paid events on sale but not their seller details, so those are not on sale (issue 34). */
  paidEventsWaiting: boolean;
  children: ReactNode;
}) {
  // Sales from the live feed and a return to the browser tab both bring the section shown up to date.
  useRevalidateOnSale();
  useRevalidateOnVisible();
  return (
    <div className="bg-surface">
      <div className="container-page flex flex-col gap-6 py-8 sm:gap-8 sm:py-12">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Dashboard</h1>
          <p className="mt-2 text-muted">Manage your events, follow your sales and check attendees in.</p>
        </header>
        {paidEventsWaiting && (
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
        <div>
          <DashboardNav />
          <div className="mt-6">{children}</div>
        </div>
      </div>
    </div>
  );
}
