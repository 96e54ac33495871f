import { SalesPanel } from "~/features/dashboard/components/sales/sales-panel";
import { sectionHeaders, sectionMeta } from "~/features/dashboard/lib/section-route";
import type { Route } from "./+types/dashboard.sales";

/** Sales Analytics (/dashboard/sales) over the organiser's events. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  const { getDashboardSales } = await import("~/lib/services.server");
  const user = await requireUser(context, request, url);
  return { sales: await getDashboardSales(context, user.id) };
}

export const headers: Route.HeadersFunction = sectionHeaders;
export const meta: Route.MetaFunction = sectionMeta;

export default function SalesRoute({ loaderData }: Route.ComponentProps) {
  return <SalesPanel sales={loaderData.sales} />;
}
