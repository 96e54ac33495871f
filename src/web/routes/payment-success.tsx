import { clearCartIfBought } from "~/features/cart/cart-store";
import { PaymentSuccessPage } from "~/features/checkout/payment-success-page";
import { seoMeta } from "~/lib/seo";

export const meta = () => [
  ...seoMeta({ title: "Payment Successful", description: "Your booking is confirmed and your tickets are on their way." }),
  { name: "robots", content: "noindex" },
];

// The booking and its ticket codes: never kept by a shared cache.
export const headers = () => ({ "Cache-Control": "private, no-store" });

export default function PaymentSuccessRoute() {
  // The cart is emptied only when this payment bought everything in it (decisions.md D6).
  return <PaymentSuccessPage onVerified={(bookings) => clearCartIfBought(bookings.map((booking) => booking.event_id))} />;
}
