import { clearCartIfBought } from "~/features/cart/cart-store";
import { PaymentSuccessPage } from "~/features/checkout/payment-success-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/payment-success";

/** The payment is verified before the page is drawn, so it is right on first paint and without scripts. */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const [{ verifyPaymentForPage }, { walletsOffered }] = await Promise.all([import("~/features/checkout/payment-success.server"), import("~/lib/services.server")]);
  const sessionId = url.searchParams.get("session_id")?.trim() || null;
  return { sessionId, outcome: await verifyPaymentForPage(context, request, sessionId), wallets: walletsOffered(context) };
}

export const meta = () => [
  ...seoMeta({ title: "Payment Successful", description: "Your booking is confirmed and your tickets are on their way." }),
  { name: "robots", content: "noindex" },
];

// The booking and its ticket codes: never kept by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function PaymentSuccessRoute({ loaderData }: Route.ComponentProps) {
  // The cart is emptied only when this payment bought everything in it (decisions.md D6).
  return <PaymentSuccessPage key={loaderData.sessionId ?? "none"} sessionId={loaderData.sessionId} outcome={loaderData.outcome} wallets={loaderData.wallets} onVerified={(bookings) => clearCartIfBought(bookings.map((booking) => booking.event_id))} />;
}
