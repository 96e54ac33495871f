import { LegalPage } from "~/features/legal/legal-page";
import { BOOKING_TERMS } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () => seoMeta({ title: BOOKING_TERMS.title, description: BOOKING_TERMS.description });

export default function BookingTerms() {
  return <LegalPage document={BOOKING_TERMS} />;
}
