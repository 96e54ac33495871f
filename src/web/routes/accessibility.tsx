import { LegalPage } from "~/features/legal/legal-page";
import { ACCESSIBILITY_STATEMENT } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: ACCESSIBILITY_STATEMENT.title, description: ACCESSIBILITY_STATEMENT.description });

export default function Accessibility() {
  return <LegalPage document={ACCESSIBILITY_STATEMENT} />;
}
