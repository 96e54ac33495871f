import { BRAND, SUPPORT_HOURS_TEXT } from "@domain";
import { ContactPage } from "~/features/contact/contact-page";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { HYDRATE_ON_INTERACTION } from "~/lib/hydration";

/** A page a visit lands on: its scripts wait for the visitor (decision 039). */
export const handle = HYDRATE_ON_INTERACTION;

export const meta = () =>
  seoMeta({
    title: "Contact us",
    description: `Contact ${BRAND.name} support: send a message or email ${BRAND.supportEmail}. ${SUPPORT_HOURS_TEXT}; emergency support 24/7 for urgent ticket issues.`,
  });

/** The form posted before the page's scripts ran: the server sends it as the API would (issue 16). */
export async function action({ context, request }: Route.ActionArgs) {
  const { contactFormAction } = await import("~/features/contact/contact-form-action.server");
  return contactFormAction(context, request);
}

export default function Contact() {
  return <ContactPage />;
}
