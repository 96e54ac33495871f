import { MyTicketsPage } from "~/features/my-tickets/my-tickets-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/my-tickets";

/** Only for the signed-in user: anyone else goes to /auth and comes back here after signing in (spec §2 My Tickets). */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { requireUser } = await import("~/lib/require-user.server");
  await requireUser(context, request, url);
  return null;
}

// A signed-in user's own page: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "My Tickets", description: "Your bookings with their entry QR codes: resend the ticket e-mail or print a ticket." }),
  { name: "robots", content: "noindex" },
];

export default function MyTicketsRoute() {
  return <MyTicketsPage />;
}
