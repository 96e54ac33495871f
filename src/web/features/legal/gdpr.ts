import { BRAND } from "@domain";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { companyIdentity, SUPPORT_LINK } from "./legal-facts";

export const GDPR_NOTICE: LegalDocument = {
  title: "GDPR",
  path: paths.gdpr,
  description: `Your data protection rights under the UK GDPR with ${BRAND.name}, how to use them, and how quickly we answer.`,
  summary: "Under the UK GDPR and the Data Protection Act 2018 you have rights over your personal data. Here is what they are and how to use them.",
  sections: [
    {
      id: "controller",
      heading: "Who is responsible for your data",
      blocks: [
        (company) => `The controller of your personal data is ${companyIdentity(company)}. Our [Privacy Policy](${paths.privacy}) explains what we collect and why.`,
      ],
    },
    {
      id: "lawful-bases",
      heading: "Our lawful bases",
      blocks: [
        {
          list: [
            "Contract: to create your account, sell you tickets and deliver them.",
            "Legitimate interests: to keep the site secure, prevent fraud and improve our service, always balanced against your rights.",
            "Legal obligation: to keep financial records and answer lawful requests.",
            "Consent: to remember your e-mail address or an affiliate's code in your browser, and to load videos from YouTube or Vimeo; you can withdraw it at any time.",
          ],
        },
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        {
          list: [
            "Access: get a copy of the personal data we hold about you.",
            "Rectification: have inaccurate or incomplete data corrected.",
            "Erasure: have your data deleted when we no longer need it, or when you withdraw consent.",
            "Restriction: ask us to limit how we use your data while a concern is looked into.",
            "Portability: receive the data you gave us in a machine-readable format, or have it sent to another company.",
            "Objection: object to processing based on our legitimate interests, and to direct marketing at any time.",
            "Automated decisions: we do not make decisions about you with legal or similarly significant effects by automated means alone.",
            "Withdrawing consent: where we rely on consent, you can withdraw it at any time.",
          ],
        },
      ],
    },
    {
      id: "requests",
      heading: "Making a request",
      blocks: [
        `You can download your data and delete your account yourself, on [your profile page](${paths.profileEdit}). For any other right, email ${SUPPORT_LINK}, ideally from the address on your account, saying which right you want to use. It is free. We may ask you to confirm your identity before we act.`,
        "We answer within one month of receiving your request. If a request is complex or you have made several, we may extend this by up to two further months; if so, we will tell you why within the first month.",
      ],
    },
    {
      id: "children",
      heading: "Children",
      blocks: ["You must be at least 13 years old to create an account, and children under 13 are excluded from our service. If we learn that we hold data about a child under 13, we delete it."],
    },
    {
      id: "processors",
      heading: "Processors and transfers",
      blocks: [
        `We use carefully chosen processors, such as ${BRAND.paymentProvider} for payments and our e-mail, text message and hosting providers, under contracts that require them to protect your data. Where data leaves the UK, it is protected by UK adequacy regulations or the International Data Transfer Agreement.`,
      ],
    },
    {
      id: "breaches",
      heading: "If something goes wrong",
      blocks: [
        "If a personal data breach is likely to put your rights at risk, we report it to the Information Commissioner's Office within 72 hours of becoming aware of it, and we tell you without delay if the risk to you is high.",
      ],
    },
    {
      id: "complaints",
      heading: "Complaints",
      blocks: [
        `Please contact us first at ${SUPPORT_LINK} so we can put things right. You can also complain to the Information Commissioner's Office at [ico.org.uk](https://ico.org.uk) or on 0303 123 1113.`,
      ],
    },
  ],
};
