import { BRAND } from "@domain";
import { SocialStrategyPage } from "~/features/static-pages/social-strategy-page";
import { seoMeta } from "~/lib/seo";

export const meta = () =>
  seoMeta({
    title: "Social media strategy",
    description: `${BRAND.name}'s marketing guide for Instagram, TikTok and Facebook: three posts a day, posting times, hashtags, a weekly content calendar, campaigns and KPI targets.`,
  });

export default function SocialMediaStrategy() {
  return <SocialStrategyPage />;
}
