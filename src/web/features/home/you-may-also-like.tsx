import { Sparkles } from "lucide-react";
import type { EventSummary } from "@domain";
import { EventRail } from "./event-rail";

/** Up to 12 upcoming events in a horizontal carousel (spec §2 Home, item 4). */
export function YouMayAlsoLike({ events }: { events: EventSummary[] }) {
  return (
    <section aria-labelledby="you-may-also-like-title" className="container-page render-when-visible pt-16 sm:pt-24">
      {events.length === 0 ? (
        <>
          <RailHeading />
          <p className="mt-5 rounded-2xl border border-dashed border-border bg-surface px-6 py-10 text-center text-muted">
            No events available at the moment. Check back soon!
          </p>
        </>
      ) : (
        <EventRail events={events} label="You May Also Like events" header={<RailHeading />} />
      )}
    </section>
  );
}

function RailHeading() {
  return (
    <div>
      <p className="flex items-center gap-1.5 text-sm font-bold uppercase tracking-[0.16em] text-brand-700">
        <Sparkles className="size-4" aria-hidden="true" />
        Picked for you
      </p>
      <h2 id="you-may-also-like-title" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
        You May Also Like
      </h2>
    </div>
  );
}
