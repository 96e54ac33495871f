import { Skeleton } from "~/components/ui/skeleton";

/** Stands in for the form while the page moves on (after a failed load, before the dashboard opens). */
export function EventFormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">{label}</span>
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-28 w-full" />
      <div className="grid gap-5 sm:grid-cols-2">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
      <Skeleton className="aspect-video w-full" />
    </div>
  );
}
