import { LegalPage } from "~/features/legal/legal-page";
import { PRIVACY_POLICY } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () => seoMeta({ title: PRIVACY_POLICY.title, description: PRIVACY_POLICY.description });

export default function Privacy() {
  return <LegalPage document={PRIVACY_POLICY} />;
}
