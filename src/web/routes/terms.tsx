import { LegalPage } from "~/features/legal/components/legal-page";
import { TERMS_OF_SERVICE } from "~/features/legal/lib/documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });

export default function Terms() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
