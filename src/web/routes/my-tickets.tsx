import { MyTicketsPage } from "~/features/my-tickets/my-tickets-page";
import { seoMeta } from "~/lib/seo";
import printStylesheet from "~/features/my-tickets/my-tickets-print.css?url";
import type { Route } from "./+types/my-tickets";

// Print rules only: a print style sheet never holds up the page's first paint.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: printStylesheet, media: "print" }];

/**
 * Only for the signed-in user: anyone else goes to /auth and comes back here after signing in (spec §2 My Tickets).
 * Each ticket's QR code is drawn here, so the page loads no QR library: a booking's first few, or all of the one asked for.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const [{ requireUser }, { listMyTickets }, { showTickets }] = await Promise.all([
    import("~/lib/require-user.server"),
    import("~/lib/services.server"),
    import("~/features/my-tickets/shown-tickets.server"),
  ]);
  const user = await requireUser(context, request, url);
  // ?all=<booking id>: that booking's QR codes all drawn ("Show all", for a booking of more than a few tickets).
  return { tickets: await showTickets(await listMyTickets(context, user.id), { drawAllFor: url.searchParams.get("all") }) };
}

/** A ticket card's refund request or ticket e-mail resend (posted by its fetcher); the list is then read again. */
export async function action({ context, request }: Route.ActionArgs) {
  const { myTicketsAction } = await import("~/features/my-tickets/my-tickets-action.server");
  return myTicketsAction(context, request);
}

// A signed-in user's own page: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = () => [
  ...seoMeta({ title: "My Tickets", description: "Your bookings with their entry QR codes: resend the ticket e-mail or print a ticket." }),
  { name: "robots", content: "noindex" },
];

export default function MyTicketsRoute({ loaderData }: Route.ComponentProps) {
  return <MyTicketsPage tickets={loaderData.tickets} />;
}
