import { BRAND, SUPPORT_HOURS_TEXT } from "@domain";
import { ContactPage } from "~/features/contact/components/contact-page";
import { seoMeta } from "~/lib/seo";

export const meta = () =>
  seoMeta({
    title: "Contact us",
    description: `Contact ${BRAND.name} support: send a message or email ${BRAND.supportEmail}. ${SUPPORT_HOURS_TEXT}; emergency support 24/7 for urgent ticket issues.`,
  });

export default function Contact() {
  return <ContactPage />;
}
