import { LegalPage } from "~/features/legal/legal-page";
import { PRIVACY_POLICY } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.description });

export default function Privacy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
