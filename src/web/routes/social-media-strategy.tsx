import { BRAND } from "@domain";
import { SocialStrategyPage } from "~/features/static-pages/social-strategy-page";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () =>
  seoMeta({
    title: "Social media strategy",
    description: `${BRAND.name}'s marketing guide for Instagram, TikTok and Facebook: three posts a day, posting times, hashtags, a weekly content calendar, campaigns and KPI targets.`,
  });

export default function SocialMediaStrategy() {
  return <SocialStrategyPage />;
}
