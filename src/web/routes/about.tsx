import { BRAND, siteFigures } from "@domain";
import { AboutPage } from "~/features/static-pages/about-page";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/about";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const { getSiteStats } = await import("~/lib/services.server");
  const stats = await getSiteStats({ db });
  return { figures: siteFigures(stats, ["eventsListed", "organisers", "ticketsSold", "customers"]), url: `${config.publicUrl}${paths.about}` };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  seoMeta({
    title: `About ${BRAND.name}`,
    description: `${BRAND.name} is the UK marketplace for discovering events and selling tickets: secure payments, instant QR tickets, 24/7 support and easy refunds.`,
    url: data?.url,
  });

export default function About({ loaderData }: Route.ComponentProps) {
  return <AboutPage figures={loaderData.figures} />;
}
