import { ArrowLeft, CalendarX2 } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

/** A missing, malformed or failed event (spec §2 Event detail, §8: 'Event not found'). */
export function EventNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <CalendarX2 className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Event not found</h1>
      <p className="mt-3 max-w-md text-muted">
        {failed
          ? "We couldn't load this event just now. Please try again in a moment."
          : "This event doesn't exist or is no longer available. It may have been removed by its organiser."}
      </p>
      <Link to={paths.events()} className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        Back to Events
      </Link>
    </section>
  );
}
