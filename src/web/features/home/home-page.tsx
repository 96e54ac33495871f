import { useMemo } from "react";
import type { EventSummary, SiteFigure } from "@domain";
import { CATEGORY_SLIDES, slideEvents } from "./category-slides";
import { CategoryCarousel } from "./category-carousel";
import { FeaturedEvents } from "./featured-events";
import { EmailConfirmedBanner } from "./email-confirmed-banner";
import { HomeHero } from "./home-hero";
import { type SimilarCarousel, SimilarEventsByCategory } from "./similar-events-by-category";
import { WhyChoose } from "./why-choose";
import { YouMayAlsoLike } from "./you-may-also-like";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";

/** The home page (spec §2 Home): hero, category slides, featured events, the carousels and why book with us. */
export function HomePage({
  featured,
  youMayAlsoLike,
  similar,
  figures,
  emailConfirmed,
}: {
  featured: EventSummary[];
  youMayAlsoLike: EventSummary[];
  similar: SimilarCarousel[];
  figures: SiteFigure[];
  emailConfirmed: boolean;
}) {
  useRevalidateOnVisible();
  const slideFeatures = useMemo(
    () => slideEvents(CATEGORY_SLIDES, [...featured, ...similar.flatMap((carousel) => carousel.events)]),
    [featured, similar],
  );

  return (
    <>
      {emailConfirmed && <EmailConfirmedBanner />}
      <HomeHero figures={figures} />
      <CategoryCarousel featuredEvents={slideFeatures} />
      <FeaturedEvents events={featured} />
      <YouMayAlsoLike events={youMayAlsoLike} />
      <SimilarEventsByCategory carousels={similar} />
      <WhyChoose />
    </>
  );
}
