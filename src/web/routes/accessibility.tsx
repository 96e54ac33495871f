import { LegalPage } from "~/features/legal/legal-page";
import { ACCESSIBILITY_STATEMENT } from "~/features/legal/legal-documents";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () => seoMeta({ title: ACCESSIBILITY_STATEMENT.title, description: ACCESSIBILITY_STATEMENT.description });

export default function Accessibility() {
  return <LegalPage document={ACCESSIBILITY_STATEMENT} />;
}
