import { useSearchParams } from "react-router";
import { clearCartIfBought } from "~/features/cart/cart-store";
import { PaymentSuccessView } from "~/features/checkout/payment-success-page";
import { seoMeta } from "~/lib/seo";

export const meta = () => [
  ...seoMeta({ title: "Payment Successful", description: "Your booking is confirmed and your tickets are on their way." }),
  { name: "robots", content: "noindex" },
];

// The booking and its ticket codes: never kept by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function PaymentSuccessPage() {
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("session_id")?.trim() || null;
  return (
    <PaymentSuccessView
      key={sessionId ?? "none"}
      sessionId={sessionId}
      // The cart is emptied only when this payment bought everything in it (decisions.md D6).
      onVerified={(bookings) => clearCartIfBought(bookings.map((booking) => booking.event_id))}
    />
  );
}
