import { LegalPage } from "~/features/legal/legal-page";
import { TERMS_OF_SERVICE } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";

export const meta = () => seoMeta({ title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });

export default function Terms() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
