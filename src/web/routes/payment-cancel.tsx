import { useSearchParams } from "react-router";
import { PaymentCancelled } from "~/features/checkout/components/payment-cancelled";
import { seoMeta } from "~/lib/seo";

export const meta = () => [
  ...seoMeta({ title: "Payment Cancelled", description: "Your payment was cancelled and no charges were made to your account." }),
  { name: "robots", content: "noindex" },
];

export default function PaymentCancelPage() {
  const [searchParams] = useSearchParams();
  return <PaymentCancelled eventId={searchParams.get("event_id")} />;
}
