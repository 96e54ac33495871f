import { PaymentCancelPage } from "~/features/checkout/payment-cancel-page";
import { seoMeta } from "~/lib/seo";

export const meta = () => [
  ...seoMeta({ title: "Payment Cancelled", description: "Your payment was cancelled and no charges were made to your account." }),
  { name: "robots", content: "noindex" },
];

export default function PaymentCancelRoute() {
  return <PaymentCancelPage />;
}
