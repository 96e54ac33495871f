import { BRAND, siteFigures } from "@domain";
import { SellerPage } from "~/features/static-pages/seller-page";
import { SELLER_FEE_TEXT } from "~/features/static-pages/seller-content";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/sell";
import { services } from "~/lib/page-context.server";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = services(context);
  const { getSiteStats } = await import("~/lib/services.server");
  const stats = await getSiteStats({ db });
  return { figures: siteFigures(stats, ["eventsListed", "ticketsSold", "customers"]), url: `${config.publicUrl}${paths.sell}` };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  seoMeta({
    title: `Sell tickets on ${BRAND.name}`,
    description: `List your event in minutes, sell tickets with instant QR delivery and check guests in with your phone. ${SELLER_FEE_TEXT} per ticket; free events cost nothing.`,
    url: data?.url,
  });

export default function Sell({ loaderData }: Route.ComponentProps) {
  return <SellerPage figures={loaderData.figures} />;
}
