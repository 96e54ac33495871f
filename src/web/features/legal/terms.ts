import { AFFILIATE_COMMISSION_PERCENT, BRAND } from "@domain";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { companyIdentity, FEE, SELLER_FEE_TEXT, SUPPORT_LINK } from "./legal-facts";

export const TERMS_OF_SERVICE: LegalDocument = {
  title: "Terms of Service",
  path: paths.terms,
  description: `The terms for using ${BRAND.name}: accounts, buying tickets, listing events, fees, affiliates and acceptable use.`,
  summary: `These terms apply whenever you use ${BRAND.name}, whether you are browsing, buying tickets or selling them. Please read them with our Booking Terms and Privacy Policy.`,
  sections: [
    {
      id: "about",
      heading: "About these terms",
      blocks: [
        (company) => `${BRAND.name} is run by ${companyIdentity(company)} ("we", "us").`,
        "By using our website you agree to these terms. If you do not agree, please do not use the site. Nothing in these terms affects your statutory rights as a consumer.",
      ],
    },
    {
      id: "accounts",
      heading: "Your account",
      blocks: [
        {
          list: [
            "You must be at least 13 years old to create an account.",
            "The details you give us must be accurate and your own, and you must keep your password secret.",
            "You are responsible for what happens on your account. Tell us straight away if you think someone else has used it.",
            "We may suspend or close an account that breaks these terms, puts other users at risk, or is used for fraud.",
          ],
        },
      ],
    },
    {
      id: "buying",
      heading: "Buying tickets",
      blocks: [
        `When you buy a ticket, your contract for the event is with its organiser; we sell the ticket on the organiser's behalf and deliver it to you. Our [Booking Terms & Conditions](${paths.bookingTerms}) explain how buying, delivery and entry work, and our [Refund Policy](${paths.refundPolicy}) explains when you can get your money back.`,
      ],
    },
    {
      id: "fees",
      heading: "Fees",
      blocks: [
        {
          list: [
            `Buyers pay a booking & processing fee of ${FEE} per ticket on paid events, included in every price shown before they pay. Free events have no fees.`,
            `Organisers selling paid tickets pay a seller fee of ${SELLER_FEE_TEXT} per ticket sold, taken from their payout. An organiser may choose to pay the booking fee for their event instead of their buyers; it is then taken from their payout too. There are no set-up or monthly fees.`,
            "All prices are in pounds sterling (£).",
          ],
        },
      ],
    },
    {
      id: "selling",
      heading: "Listing and selling events",
      blocks: [
        "If you list an event, you are its organiser and you are responsible for it. In particular you must:",
        {
          list: [
            "describe the event, its date, venue, price and capacity accurately, and keep them up to date;",
            "hold every licence, permission and insurance the event needs, and run it safely and lawfully;",
            "own, or have permission to use, the words and images you upload;",
            "honour every ticket sold, and refund buyers in full if you cancel.",
          ],
        },
        "Ticket money for paid events is paid to the organiser within 7 business days after the event. Only the event's creator can view its attendees and check them in; our administrators may do so to help.",
        "We may edit or remove a listing that is inaccurate, unlawful or breaks these terms.",
      ],
    },
    {
      id: "affiliates",
      heading: "Affiliate programme",
      blocks: [
        `Affiliates earn ${AFFILIATE_COMMISSION_PERCENT}% of the booking fees on paid tickets bought through their personal link: that is ${AFFILIATE_COMMISSION_PERCENT}% of ${FEE} a ticket, and nothing on free events. A referral counts for 30 days after the link is opened. Commission is paid within 7 business days after the event, with no minimum payout.`,
        "Affiliates must not spam, mislead people, bid on our brand in paid search or refer themselves. We may withhold commission earned in breach of these rules.",
      ],
    },
    {
      id: "acceptable-use",
      heading: "Acceptable use",
      blocks: [
        "You must not:",
        {
          list: [
            "buy tickets to resell them for profit, or resell tickets in breach of the organiser's conditions or the law;",
            "copy, forge or alter a ticket or its QR code;",
            "upload anything unlawful, hateful, misleading or that infringes someone else's rights, including through the image creator or the assistant;",
            "try to break, overload or get around the security of the site, or collect data from it with automated tools without our permission.",
          ],
        },
      ],
    },
    {
      id: "content",
      heading: "Content you create",
      blocks: [
        "You keep ownership of the event details, images and other content you add. You give us a licence to show, copy and adapt it (for example, to resize an image) so we can run and promote your event on our site and in our marketing.",
        "Images made with our image creator are yours to use for your events. You are responsible for checking they are suitable before you publish them.",
      ],
    },
    {
      id: "liability",
      heading: "Our responsibility to you",
      blocks: [
        "We take care to run the site well, but we do not organise the events listed on it. The organiser is responsible for the event itself, including its content, safety and any changes.",
        "We are not responsible for losses that were not foreseeable, or for business losses. Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else that cannot be limited by law.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      blocks: ["We may update these terms from time to time. The date at the top of this page shows when they last changed. If a change matters to you, we will tell you by e-mail before it takes effect."],
    },
    {
      id: "law",
      heading: "Law and disputes",
      blocks: [
        "These terms are governed by the law of England and Wales. You can bring proceedings in the courts of England and Wales, or, if you live in Scotland or Northern Ireland, in the courts where you live.",
        `If something has gone wrong, please contact us first at ${SUPPORT_LINK} and we will do our best to put it right.`,
      ],
    },
  ],
};
