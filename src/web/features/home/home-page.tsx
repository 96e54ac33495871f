import { useMemo } from "react";
import { BRAND, hasEmailConfirmedFlag, siteFigures } from "@domain";
import { useAffiliateRef } from "~/lib/affiliate-ref";
import { CATEGORY_SLIDES, slideEvents } from "~/features/home/category-slides";
import { CategoryCarousel } from "~/features/home/category-carousel";
import { FeaturedEvents } from "~/features/home/featured-events";
import { EmailConfirmedBanner } from "~/features/home/email-confirmed-banner";
import { HomeHero } from "~/features/home/home-hero";
import { SimilarEvents } from "~/features/home/similar-events-by-category";
import { WhyChoose } from "~/features/home/why-choose";
import { YouMayAlsoLike } from "~/features/home/you-may-also-like";
import { useRevalidateOnVisible } from "~/hooks/use-revalidate-on-visible";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { getHomeData, getSessionUser, getSiteStats } = await import("~/lib/services.server");
  // The end of a confirmation link (EMAIL_CONFIRMED_HOME), said only to a signed-in user whose address is confirmed.
  const confirmedFlag = hasEmailConfirmedFlag(new URL(request.url).searchParams);
  const [home, stats, user] = await Promise.all([
    getHomeData({ db: context.db }),
    getSiteStats({ db: context.db }),
    confirmedFlag ? getSessionUser(context, request) : null,
  ]);
  return { ...home, emailConfirmed: Boolean(user?.emailConfirmed), figures: siteFigures(stats, ["eventsListed", "ticketsSold", "customers"]), url: `${context.config.publicUrl}/` };
}

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: `${BRAND.name}: discover UK events and book tickets`,
    description:
      "Find concerts, comedy, theatre, food and sport near you across the UK. Book securely and get your tickets instantly with a QR code.",
    url: data?.url,
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, youMayAlsoLike, similar, figures, emailConfirmed } = loaderData;
  useAffiliateRef();
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
      <SimilarEvents carousels={similar} />
      <WhyChoose />
    </>
  );
}
