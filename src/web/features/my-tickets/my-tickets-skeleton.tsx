import { Skeleton } from "~/components/ui/skeleton";

/** Two ticket-shaped placeholders while the tickets load (spec §2 My Tickets). */
export function MyTicketsSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">Loading your tickets...</span>
      {[0, 1].map((key) => (
        <div key={key} className="overflow-hidden rounded-3xl border border-border bg-white shadow-sm">
          <div className="flex flex-col md:flex-row">
            <div className="flex flex-1 flex-col gap-3 p-5 sm:p-6">
              <Skeleton className="h-5 w-24 rounded-full" />
              <Skeleton className="h-7 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-2/5" />
              <Skeleton className="mt-2 h-28 w-full rounded-2xl" />
            </div>
            <div className="flex flex-col items-center justify-center gap-3 border-t-2 border-dashed border-border p-5 md:w-64 md:border-l-2 md:border-t-0">
              <Skeleton className="size-32" />
              <Skeleton className="h-4 w-40" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
