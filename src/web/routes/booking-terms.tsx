import { LegalPage } from "~/features/legal/legal-page";
import { BOOKING_TERMS } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: BOOKING_TERMS.title, description: BOOKING_TERMS.description });

export default function BookingTerms() {
  return <LegalPage document={BOOKING_TERMS} />;
}
