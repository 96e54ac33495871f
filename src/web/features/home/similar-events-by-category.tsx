import { ArrowRight, Dumbbell, Laugh, Music, PartyPopper, Trophy, UtensilsCrossed, type LucideIcon } from "lucide-react";
import { useRef } from "react";
import { Link } from "react-router";
import type { EventSummary } from "@domain";
import { useNearViewport } from "~/hooks/use-near-viewport";
import { HYDRATE_NEAR } from "~/lib/hydration";
import { paths } from "~/paths";
import { EventRail } from "./event-rail";

export interface SimilarCarousel {
  category: string;
  title: string;
  events: EventSummary[];
}

const ICONS: Record<string, LucideIcon> = {
  music: Music,
  food: UtensilsCrossed,
  health: Dumbbell,
  entertainment: PartyPopper,
  sports: Trophy,
  comedy: Laugh,
};

/** A rail's height (heading row, a card and its padding), kept while the rail is not drawn. */
const RAIL_PLACEHOLDER = "h-[31.5rem]";

/**
 * The 'Similar Events' carousels, one per category (spec §2 Home, item 5). A category with nothing
 * listed is left out, and the whole section when every one is empty.
 */
export function SimilarEventsByCategory({ carousels }: { carousels: SimilarCarousel[] }) {
  const sectionRef = useRef<HTMLElement>(null);
  // The rails, their headings and arrows are drawn as the section nears the viewport: far below the
  // fold, they were a fifth of the page's elements for the browser to parse, style and lay out first.
  const near = useNearViewport(sectionRef);
  const filled = carousels.filter((carousel) => carousel.events.length > 0);
  if (filled.length === 0) return null;
  return (
    <section ref={sectionRef} {...HYDRATE_NEAR} aria-labelledby="similar-events-title" className="container-page render-when-visible pt-16 sm:pt-24">
      <p className="text-sm font-bold uppercase tracking-[0.16em] text-brand-700">By category</p>
      <h2 id="similar-events-title" className="mt-1 text-3xl font-extrabold tracking-tight sm:text-4xl">
        Similar Events
      </h2>
      <p className="mt-2 max-w-xl text-muted">More of what you love, from live music to match day.</p>
      <div className="mt-8 flex flex-col gap-10">
        {filled.map((carousel) =>
          near ? (
            <SimilarRail key={carousel.category} carousel={carousel} />
          ) : (
            <div key={carousel.category} className={RAIL_PLACEHOLDER} aria-hidden="true" />
          ),
        )}
      </div>
    </section>
  );
}

/** One category's rail: its heading, See all link and cards. */
function SimilarRail({ carousel }: { carousel: SimilarCarousel }) {
  const Icon = ICONS[carousel.category] ?? PartyPopper;
  const headingId = `similar-events-${carousel.category}`;
  return (
    <div role="group" aria-labelledby={headingId}>
      <EventRail
        events={carousel.events}
        label={`${carousel.title} events`}
        header={
          <h3 id={headingId} className="flex items-center gap-2.5 text-xl font-bold tracking-tight sm:text-2xl">
            <span className="flex size-9 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span>
              <span className="sr-only">Similar Events: </span>
              {carousel.title}
            </span>
          </h3>
        }
        action={
          <Link
            to={paths.events({ category: carousel.category })}
            className="mr-1 hidden items-center gap-1 text-sm font-semibold text-brand-700 hover:underline sm:inline-flex"
          >
            See all<span className="sr-only"> {carousel.title} events</span>
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        }
      />
    </div>
  );
}
