import { LegalPage } from "~/features/legal/legal-page";
import { TERMS_OF_SERVICE } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () => seoMeta({ title: TERMS_OF_SERVICE.title, description: TERMS_OF_SERVICE.description });

export default function Terms() {
  return <LegalPage document={TERMS_OF_SERVICE} />;
}
