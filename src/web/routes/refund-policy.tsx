import { LegalPage } from "~/features/legal/legal-page";
import { REFUND_POLICY } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () => seoMeta({ title: REFUND_POLICY.title, description: REFUND_POLICY.description });

export default function RefundPolicy() {
  return <LegalPage document={REFUND_POLICY} />;
}
