import { BRAND } from "@domain";
import { HelpPage } from "~/features/help/help-page";
import { seoMeta } from "~/lib/seo";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () =>
  seoMeta({
    title: "Help Centre",
    description: `Answers about buying tickets on ${BRAND.name}, refunds, missing ticket e-mails, transfers, cancelled events and checking guests in, plus live chat and e-mail support.`,
  });

export default function Help() {
  return <HelpPage />;
}
