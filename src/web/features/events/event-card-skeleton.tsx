import { Skeleton } from "~/components/ui/skeleton";

/** Stand-in for an <EventCard> while the list loads. */
export function EventCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-white shadow-sm">
      <Skeleton square className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="h-4 w-2/3" />
        <div className="mt-auto flex items-end justify-between pt-2">
          <Skeleton className="h-6 w-16" />
          <Skeleton className="h-9 w-24" />
        </div>
      </div>
    </div>
  );
}
