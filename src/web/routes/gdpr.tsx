import { LegalPage } from "~/features/legal/legal-page";
import { GDPR_NOTICE } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: GDPR_NOTICE.title, description: GDPR_NOTICE.description });

export default function Gdpr() {
  return <LegalPage document={GDPR_NOTICE} />;
}
