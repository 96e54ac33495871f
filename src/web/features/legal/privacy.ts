import { BRAND } from "@domain";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { COMPANY, SUPPORT_LINK } from "./legal-facts";

export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  path: paths.privacy,
  description: `How ${BRAND.name} collects, uses, shares and protects your personal data, and the choices you have.`,
  summary: "We collect only what we need to sell you tickets, run events and keep the site safe. We never sell your personal data.",
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        `${BRAND.name} is run by ${COMPANY}. We are the controller of the personal data described here. You can reach us about privacy at ${SUPPORT_LINK}.`,
      ],
    },
    {
      id: "what-we-collect",
      heading: "What we collect",
      blocks: [
        {
          list: [
            "Account details: your name, e-mail address, password (stored only as a secure hash), date of birth to confirm you are at least 13, and a phone number if you choose to sign in by text message.",
            "Profile details you choose to add, such as a username, picture, bio and website.",
            "Bookings: the event, number of tickets, amounts paid, and the attendee name and e-mail address the tickets are sent to.",
            `Payments: card payments are handled by ${BRAND.paymentProvider}. We receive confirmation of the payment and its reference, never your full card number.`,
            "Events you list, and the sales and check-ins for them.",
            "Messages you send us through the contact form or by e-mail.",
            "What you type or say to the assistant and the image creator, so they can answer you.",
            "Technical data: your IP address and browser details, used to keep you signed in, prevent abuse and limit repeated requests.",
          ],
        },
      ],
    },
    {
      id: "how-we-use-it",
      heading: "How we use it, and why we may",
      blocks: [
        {
          list: [
            "To provide the service you asked for (our contract with you): creating your account, taking payment, sending your tickets and letting you check in.",
            "To keep the site secure and prevent fraud, and to improve it (our legitimate interests).",
            "To keep financial records for as long as the law requires (a legal obligation).",
            "To send you news and offers, only if you have agreed to it (your consent, which you can withdraw at any time).",
          ],
        },
      ],
    },
    {
      id: "sharing",
      heading: "Who we share it with",
      blocks: [
        {
          list: [
            "Event organisers receive the name and e-mail address on each booking for their event, so they can manage entry and contact attendees about the event.",
            `${BRAND.paymentProvider}, to take payments and issue refunds.`,
            "Our e-mail and text message providers, to deliver tickets, sign-in codes and messages.",
            "Our hosting and storage providers, and, when enabled, the AI service that powers the assistant and image creator.",
            "The police or regulators, when the law requires it.",
          ],
        },
        "These providers act on our instructions under written contracts. We never sell your personal data.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies and local storage",
      blocks: [
        "We use one strictly necessary cookie to keep you signed in. We do not use advertising or tracking cookies.",
        "Your browser also stores, on your device only: your cart, your e-mail address if you ask us to remember it, and an affiliate code for 30 days if you arrive through an affiliate's link. You can clear these at any time in your browser settings.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      blocks: [
        {
          list: [
            "Account and profile details: while your account is open. Ask us to close it at any time.",
            "Bookings and payment records: six years after the booking, as UK tax law requires.",
            "Contact messages: up to two years, so we can follow up on your enquiry.",
            "Records used to limit repeated requests: a day at most.",
          ],
        },
      ],
    },
    {
      id: "transfers",
      heading: "International transfers",
      blocks: [
        "Some of our providers process data outside the UK. When they do, we make sure your data is protected to UK standards, through UK adequacy regulations or the UK's International Data Transfer Agreement.",
      ],
    },
    {
      id: "security",
      heading: "Keeping it safe",
      blocks: [
        "Data travels over encrypted connections, passwords are stored only as secure hashes, and every ticket's QR code carries our digital signature so it cannot be forged. Only staff who need your data to help you can see it.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      blocks: [
        `You can ask for a copy of your data, and ask us to correct, delete or stop using it. Our [GDPR page](${paths.gdpr}) explains each right and how to use it.`,
      ],
    },
    {
      id: "children",
      heading: "Children",
      blocks: ["Our service is not for children under 13 and we do not knowingly collect their data. If you think a child under 13 has given us their details, please tell us and we will delete them."],
    },
    {
      id: "changes",
      heading: "Changes and complaints",
      blocks: [
        "We will update this policy when our practices change; the date at the top shows the latest version.",
        `If you have a concern, please contact us at ${SUPPORT_LINK}. You also have the right to complain to the Information Commissioner's Office (ICO), the UK's data protection regulator, at [ico.org.uk](https://ico.org.uk) or on 0303 123 1113.`,
      ],
    },
  ],
};
