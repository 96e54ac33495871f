import { LegalPage } from "~/features/legal/legal-page";
import { REFUND_POLICY } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: REFUND_POLICY.title, description: REFUND_POLICY.description });

export default function RefundPolicy() {
  return <LegalPage document={REFUND_POLICY} />;
}
