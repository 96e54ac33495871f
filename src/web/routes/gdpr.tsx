import { LegalPage } from "~/features/legal/legal-page";
import { GDPR_NOTICE } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () => seoMeta({ title: GDPR_NOTICE.title, description: GDPR_NOTICE.description });

export default function Gdpr() {
  return <LegalPage document={GDPR_NOTICE} />;
}
