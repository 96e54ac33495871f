import { useActionData } from "react-router";
import { MyTicketsPage } from "~/features/my-tickets/my-tickets-page";
import { MyWaitingLists } from "~/features/waiting-list/my-waiting-lists";
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
  const [{ requireUser }, { listMyTickets, walletsOffered }, { showTickets }, { listMyWaitingList }] = await Promise.all([
    import("~/lib/require-user.server"),
    import("~/lib/services.server"),
    import("~/features/my-tickets/shown-tickets.server"),
    import("~/features/waiting-list/waiting-list-api.server"),
  ]);
  const user = await requireUser(context, request, url);
  // ?all=<booking id>: that booking's QR codes all drawn ("Show all", for a booking of more than a few tickets).
  const [tickets, waitingLists] = await Promise.all([
    listMyTickets(context, user.id).then((booked) => showTickets(booked, { drawAllFor: url.searchParams.get("all") })),
    listMyWaitingList(context, request),
  ]);
  return { tickets, waitingLists, wallets: walletsOffered(context) };
}

/**
 * A ticket card's refund request or ticket e-mail resend (posted by its fetcher), or leaving a waiting
 * list (a plain form, issue 37); the lists are then read again.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { leaveWaitingListAction } = await import("~/features/waiting-list/waiting-list-pages.server");
  const left = await leaveWaitingListAction(context, request);
  if (left) return left;
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
  const posted = useActionData<typeof action>();
  const leaveError = posted && "intent" in posted && posted.intent === "leave-waiting-list" && "error" in posted ? (posted.error as string | null) : null;
  return <MyTicketsPage tickets={loaderData.tickets} wallets={loaderData.wallets} waitingLists={<MyWaitingLists entries={loaderData.waitingLists} error={leaveError} />} />;
}
