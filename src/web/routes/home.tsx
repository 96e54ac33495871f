import { useMemo } from "react";
import { BRAND } from "@domain";
import { useAffiliateRef } from "~/features/home/affiliate-ref";
import { CATEGORY_SLIDES, slideEvents } from "~/features/home/category-slides";
import { CategoryCarousel } from "~/features/home/components/category-carousel";
import { FeaturedEvents } from "~/features/home/components/featured-events";
import { HomeHero } from "~/features/home/components/home-hero";
import { SimilarEvents } from "~/features/home/components/similar-events";
import { WhyChoose } from "~/features/home/components/why-choose";
import { YouMayAlsoLike } from "~/features/home/components/you-may-also-like";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { getHomeData, getSiteStats } = await import("~/lib/services.server");
  const [home, stats] = await Promise.all([getHomeData({ db: context.db }), getSiteStats({ db: context.db })]);
  return { ...home, stats, url: `${context.config.publicUrl}/` };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: `${BRAND.name}: discover UK events and book tickets`,
    description:
      "Find concerts, comedy, theatre, food and sport near you across the UK. Book securely and get your tickets instantly with a QR code.",
    url: data?.url,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, youMayAlsoLike, similar, stats } = loaderData;
  useAffiliateRef();
  useRevalidateOnVisible();
  const slideFeatures = useMemo(
    () => slideEvents(CATEGORY_SLIDES, [...featured, ...similar.flatMap((carousel) => carousel.events)]),
    [featured, similar],
  );

  return (
    <>
      <HomeHero stats={stats} />
      <CategoryCarousel featuredEvents={slideFeatures} />
      <FeaturedEvents events={featured} />
      <YouMayAlsoLike events={youMayAlsoLike} />
      <SimilarEvents carousels={similar} />
      <WhyChoose />
    </>
  );
}
