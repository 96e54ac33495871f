import { BRAND, RETENTION } from "@domain";
import { AFFILIATE_CODE_VALIDITY_MS } from "~/lib/affiliate-ref";
import { paths } from "~/paths";
import type { LegalDocument } from "./legal-document";
import { companyIdentity, SUPPORT_LINK } from "./legal-facts";

/** When this notice last changed to match what the app does (issue 34). */
export const PRIVACY_LAST_UPDATED = "1 December 2026";

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
const AFFILIATE_DAYS = count(Math.round(AFFILIATE_CODE_VALIDITY_MS / 86_400_000), "day");
const FINANCIAL = count(RETENTION.financialRecordsYears, "year");

/**
 * The privacy notice: what the app really holds, why, who else handles it, what it keeps in the browser,
 * and for how long; the periods come from RETENTION, which the retention job enforces.
 */
export const PRIVACY_POLICY: LegalDocument = {
  title: "Privacy Policy",
  path: paths.privacy,
  description: `What personal data ${BRAND.name} holds, why, who handles it, what is kept in your browser, for how long, and how to download or delete it.`,
  summary: `We hold only what we need to sell tickets, run events and keep the site safe, and we never sell your personal data. Nothing optional is stored in your browser or loaded from another company until you say yes.`,
  lastUpdated: PRIVACY_LAST_UPDATED,
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        (company) => `${BRAND.name} is run by ${companyIdentity(company)}. We are the controller of the personal data described here. You can reach us about privacy at ${SUPPORT_LINK}.`,
        "When you buy a ticket, the event's organiser is the seller and we act as their agent. Organisers receive the details they need to run their event (see Who we share it with) and are responsible for how they use them.",
      ],
    },
    {
      id: "what-we-hold",
      heading: "What we hold",
      blocks: [
        {
          list: [
            "Your account: your name, e-mail address, password (stored only as a secure hash, never readable), whether you confirmed your e-mail, your phone number if you sign in by text message, when you joined and last signed in, and your role (such as organiser or admin).",
            "Your date of birth, which you give when you sign up. Events can have a minimum age (14, 16, 18 or 21), and we check it when you buy tickets for one; that check is the only reason we keep it. We do not show it to organisers or anyone else.",
            "Your profile, if you fill it in: username, display name, picture, bio, location and website (shown on your public profile), and the name you last put on a ticket, offered at your next checkout.",
            "If you sell tickets: your seller details (legal or trading name, address, whether you sell as a business or a private individual, company number, VAT treatment and VAT number), which buyers see on the event page, at checkout, on their confirmation and receipts; the events you list; and your payout account with Stripe, their status and the payouts made to you. Stripe holds your bank details and identity checks; we do not.",
            "Orders and tickets: what you bought, when, the amounts, the payment reference, the name on each ticket, the e-mail address tickets are sent to, receipts and VAT invoices (with the name and address you give for an invoice), refunds and refund requests, and check-ins at the door.",
            "If you are an affiliate: your affiliate account, your codes, the bookings they were used for and the commission earned.",
            "Messages you send us through the contact form: your name, e-mail address and message.",
            "What you ask the assistant (typed or spoken) and describe in the image creator, sent to answer you; the assistant's conversations are not kept, and the images you create are stored with your account.",
            "Sessions and technical data: for each device you sign in on, the session, its IP address and browser, until the session ends; counters of recent requests per account or IP address, used to stop abuse; and our server logs, which record each request's address, time, IP address and browser, with passwords, codes and tokens removed.",
          ],
        },
      ],
    },
    {
      id: "why",
      heading: "Why we use it, and our lawful bases",
      blocks: [
        {
          list: [
            "Contract: to run your account, sell you tickets, send them, check you in, pay organisers and affiliates, and handle refunds.",
            "Legal obligation: to keep financial records (orders, receipts, invoices, refunds, payouts) as UK tax law requires, to show buyers who sells each event, and to check minimum ages.",
            "Legitimate interests: to keep the site secure, stop fraud and repeated abuse, and fix problems, always balanced against your rights.",
            `Consent: to remember your e-mail address or an affiliate's code in your browser, and to load a video from YouTube or Vimeo. Each is asked for where it happens, and you can withdraw it at any time (see Your browser).`,
          ],
        },
        "We do not send marketing e-mails, show advertising or build profiles of you, and we make no decisions about you by automated means alone.",
      ],
    },
    {
      id: "sharing",
      heading: "Who we share it with",
      blocks: [
        {
          list: [
            "Event organisers: the name on each ticket, the buyer's e-mail address, what was bought and its check-in, so they can admit and contact their attendees.",
            `${BRAND.paymentProvider}: takes card payments, issues refunds and pays organisers (Stripe Connect). Your card details go straight to ${BRAND.paymentProvider}; we never see them.`,
            "Our e-mail delivery provider delivers tickets, receipts, sign-in links and notices; our text message provider (Twilio) delivers sign-in codes by SMS.",
            "Our hosting and file storage provider keeps the database, uploaded pictures and generated images.",
            "OpenAI, only when the assistant or image creator is switched on and you use it: it receives what you ask, not your account details.",
            "The police, HMRC or other authorities, when the law requires it.",
          ],
        },
        "These providers act on our instructions under written contracts. Some of them process data outside the UK; they do so under UK adequacy regulations or the UK's International Data Transfer Agreement. We never sell your personal data.",
      ],
    },
    {
      id: "browser",
      heading: "Your browser",
      blocks: [
        "We use no advertising, analytics or tracking cookies. This is everything the site keeps on your device:",
        {
          list: [
            "The sign-in cookie (strictly necessary): keeps you signed in; it lasts 7 days from your last visit, or until you sign out.",
            "Your cart (strictly necessary): the tickets in it, kept in local storage until you empty it, and a cart cookie of event ids and quantities, so pages show your cart before their scripts load, which lasts a month from your last change.",
            "Your e-mail address, only if you tick Remember my e-mail on this device when you sign in. Signing in with the box unticked removes it.",
            `An affiliate's code, only if you say yes when you arrive through their link; it is kept for ${AFFILIATE_DAYS}. Without your yes, the code is only held while the page stays open, so a purchase in that visit still credits them, and nothing is stored.`,
            "The browser's own note of where you had scrolled to on each page, for its back button (session storage, gone when you close the tab).",
            "For event staff only: the door scanner's offline list of a chosen event's tickets (attendee names and e-mail addresses) so entry works without a signal, removed when you sign out, and the scanner's sound and vibration setting.",
          ],
        },
        "Promo videos from YouTube or Vimeo are not loaded until you press Play video: that is when your browser first contacts YouTube (through its privacy-enhanced youtube-nocookie.com player) or Vimeo (asked not to track you), under their own privacy policies. Videos an organiser hosts elsewhere, and pictures an organiser links from another website, are fetched from that website when you play or view them.",
        "You can clear any of these at any time in your browser's settings.",
      ],
    },
    {
      id: "retention",
      heading: "How long we keep it",
      blocks: [
        {
          list: [
            "Your account and profile: while your account is open. When you delete it, we remove them at once, except what the financial records below need.",
            `Orders, tickets, receipts, invoices, refunds, payouts and affiliate commissions: ${FINANCIAL} after the booking, as UK tax law requires. After that, the names and e-mail addresses in them are removed and only the amounts stay.`,
            `A checkout that was never paid: ${count(RETENTION.unpaidCheckoutDays, "day")}.`,
            `Contact messages: ${count(RETENTION.contactMessagesYears, "year")}, so we can follow up on your enquiry.`,
            `The door's scan log (which ticket was scanned, when, where and by which staff member): ${count(RETENTION.doorRecordsYears, "year")} after the event, then it is deleted; door staff access, ${count(RETENTION.doorRecordsYears, "year")} after it ends.`,
            `Counters of recent requests: ${count(RETENTION.rateLimitHours, "hour")} after they reset.`,
            `Server logs: ${count(RETENTION.serverLogsDays, "day")}, then they are deleted.`,
            "Sessions: until they end (sign-out or 7 days without a visit), and sign-in codes and links: until they expire (10 minutes to 1 day).",
          ],
        },
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
        `You can see, correct, download and delete your data yourself: on [your profile page](${paths.profileEdit}), Download my data gives you a machine-readable file of everything we hold about you, and Delete my account erases your account and profile and removes your name and e-mail address from everything we do not have to keep. An organiser with upcoming events that have tickets sold must cancel them first.`,
        `You can also ask us to restrict or stop using your data, or object to it. Our [GDPR page](${paths.gdpr}) explains each right, and ${SUPPORT_LINK} is there for anything you cannot do yourself.`,
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
