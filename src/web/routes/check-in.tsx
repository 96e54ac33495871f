import { CheckInPage } from "~/features/check-in/components/check-in-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/check-in";

export const meta: Route.MetaFunction = () => [
  ...seoMeta({
    title: "Ticket Scanner",
    description: "Check attendees in at the door: scan the QR code on each ticket, even when the venue has no signal.",
  }),
  { name: "robots", content: "noindex" },
];

// Signed-in and signed-out visitors see different pages: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export default function CheckInRoute() {
  return <CheckInPage />;
}
