import { BRAND, hasEmailConfirmedFlag, siteFigures } from "@domain";
import { HomePage } from "~/features/home/home-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/home";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const { getHomeData, getSessionUser, getSiteStats } = await import("~/lib/services.server");
  // The end of a confirmation link (EMAIL_CONFIRMED_HOME), said only to a signed-in user whose address is confirmed.
  const confirmedFlag = hasEmailConfirmedFlag(url.searchParams);
  const [home, stats, user] = await Promise.all([
    getHomeData({ db }),
    getSiteStats({ db }),
    confirmedFlag ? getSessionUser(context, request) : null,
  ]);
  return { ...home, emailConfirmed: Boolean(user?.emailConfirmed), figures: siteFigures(stats, ["eventsListed", "ticketsSold", "customers"]), url: `${config.publicUrl}/` };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  seoMeta({
    title: `${BRAND.name}: discover UK events and book tickets`,
    description:
      "Find concerts, comedy, theatre, food and sport near you across the UK. Book securely and get your tickets instantly with a QR code.",
    url: data?.url,
  });

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return <HomePage {...loaderData} />;
}
