import { BRAND } from "./brand";
import { EMERGENCY_SUPPORT_TEXT, SUPPORT_HOURS_TEXT } from "./contact";
import { ticketTotal } from "./checkout";
import { AFFILIATE_COMMISSION_PERCENT, allInPrice, BOOKING_FEE_PENCE, formatPounds } from "./money";
import { SELLER_FEE_TEXT } from "./organiser-fee";

/**
 * What the assistant knows besides the catalogue: the Help Centre's FAQ facts (spec §2 Help Centre),
 * the fee and refund rules (spec §9 Fees and money, Refunds and policy; decisions D1), what the Sell
 * Tickets page tells organisers, and where to get help. Each answer is what the built-in assistant
 * replies; all of them ground the AI service. Answers state only what those pages say: no new policy.
 */
export interface HelpTopic {
  id: string;
  /** Phrases that make the question about this topic. */
  patterns: RegExp[];
  /** When set, the topic counts only for a question that also matches this (an organiser's, say). */
  only?: RegExp;
  answer: (facts: HelpFacts) => string;
}

export interface HelpFacts {
  supportEmail: string;
}

const fee = formatPounds(BOOKING_FEE_PENCE);

const ORGANISER_WORDS = /\b(my|our) (event|events|show|gig|guests|attendees|buyers|customers)\b|\b(attendees|buyers|customers|guests|ticket holders)\b/;

export const HELP_TOPICS: readonly HelpTopic[] = [
  {
    id: "organiser-refunds",
    // An organiser's question about refunds scores above the buyer's "refunds" topic, which matches /refund/ alone.
    patterns: [
      /\brefund/,
      /\b(refund|cancel|cancelling|canceling)\b.{0,40}\b(my|our|attendees|buyers|customers|guests)\b|\b(attendees|buyers|customers|guests)\b.{0,40}\brefund/,
    ],
    only: ORGANISER_WORDS,
    answer: () =>
      "Refunds follow the [Refund Policy](/refund-policy): most tickets can be refunded up to 48 hours before the event, and if an event is cancelled every buyer gets a full refund within 5-7 business days. " +
      "Refunds are handled by our support team: [contact us](/contact) with the ticket codes.",
  },
  {
    id: "getting-paid",
    patterns: [
      /\bget(ting)? paid\b/,
      /\bpay ?outs?\b/,
      /\bpaid out\b/,
      /\b(receive|get|see) (my |our |the )?(ticket )?(money|earnings|takings|revenue|sales money)\b/,
      /\bseller fees?\b/,
      /\bhow much (do|will) (i|we) (pay|be charged)\b/,
    ],
    answer: () =>
      "Your ticket money is paid out within 7 business days after the event. " +
      `There are no set-up or monthly fees: you pay ${SELLER_FEE_TEXT} per paid ticket sold, out of your payout; buyers pay the ${fee} booking fee, included in the price they see, unless you choose to pay it yourself; free events cost nothing. ` +
      "Follow your sales on your [Dashboard](/dashboard); for a question about a payout, [contact us](/contact).",
  },
  {
    id: "attendee-list",
    patterns: [/\b(attendee|guest|door) ?lists?\b/, /\bwho('s| is) coming\b/, /\bexport\b/, /\bcsv\b|\bspreadsheet\b/, /\b(see|view|download|track|follow)\b.{0,20}\b(attendees|guests|buyers|sales)\b/],
    answer: () =>
      "Your [Dashboard](/dashboard) shows your sales as they arrive and, for each of your events, the confirmed attendees with a check-in button each and a CSV export.",
  },
  {
    id: "refunds",
    patterns: [/\brefund/, /\bmoney back\b/, /\bcancel+ (my|a|the)? ?(ticket|booking|order)s?\b/, /\bcan'?t (go|make it|attend)\b/],
    answer: () =>
      "Most tickets can be refunded up to 48 hours before the event: ask from [My Tickets](/my-tickets) with Request a refund. Approval usually takes 24-48 hours, and the money reaches your card within 5-7 business days; the booking fee is not refunded on your request. " +
      "If the organiser cancels an event you get a full refund within 5-7 business days. See the [Refund Policy](/refund-policy) for the details.",
  },
  {
    id: "fees",
    patterns: [/\bfees?\b/, /\bbooking charge\b/, /\bprocessing charge\b/, /\bservice charge\b/, /\bextra charges?\b/, /\bhidden (costs?|charges?)\b/],
    answer: () =>
      `The booking & processing fee is ${fee} per ticket, and it applies to paid events only: free events have no fee. ` +
      `Every price you see already includes it; for example, a ${formatPounds(1000)} ticket shows as ${allInPrice({ pricePence: 1000, absorbsBookingFee: false }).priceText}, and 2 come to ${formatPounds(ticketTotal(1000, 2, false))}. ` +
      "Some organisers pay the fee themselves: their events say No booking fee.",
  },
  {
    id: "cancelled-events",
    patterns: [/\b(events?|shows?|gigs?|concerts?)\b.{0,30}\b(cancel+ed|called off|postponed)\b/, /\b(cancel+ed|called off|postponed)\b.{0,30}\b(events?|shows?|gigs?|concerts?)\b/],
    answer: () =>
      "If an organiser cancels an event, you get a full refund to the card you paid with within 5-7 business days; there is nothing you need to do.",
  },
  {
    id: "missing-email",
    patterns: [/\b(didn'?t|did not|haven'?t|have not|never|not)\b.{0,30}\b(e-?mail|received?|arrived?|got)\b/, /\bresend\b/, /\bspam\b/, /\bjunk\b/, /\bno (ticket )?e-?mail\b/, /\bmissing\b/, /\blost (my )?tickets?\b/],
    answer: () =>
      "Ticket e-mails usually arrive within a minute: check your spam or junk folder first. " +
      "You can have it sent again at [Resend Ticket](/resend-ticket) with your booking ID or ticket code; it goes to the e-mail address on the booking. " +
      "Signed in, your tickets are also in [My Tickets](/my-tickets).",
  },
  {
    id: "ticket-access",
    patterns: [/\bmy tickets\b/, /\b(find|see|access|view|show|download|print|open)\b.{0,20}\btickets?\b/, /\bqr\b/, /\bwhere (are|is) (my )?tickets?\b/],
    answer: () =>
      "Your tickets are in [My Tickets](/my-tickets) when you are signed in, and in the confirmation e-mail we send straight after payment. " +
      "Each ticket has a QR code: show it at the entrance on your phone or printed.",
  },
  {
    id: "transfers",
    patterns: [/\btransfer/, /\b(give|pass|send|forward)\b.{0,25}\btickets?\b.{0,25}\b(friend|someone|somebody|partner|family)\b/, /\bchange (the )?name\b/, /\bres[ae]ll/, /\bsell my tickets?\b/],
    answer: () =>
      "A ticket belongs to whoever holds its QR code, so you can pass it on by forwarding the ticket e-mail. Each code is admitted once, so only share it with the person going. " +
      "For a name change or anything else, [contact us](/contact).",
  },
  {
    id: "payment-security",
    patterns: [/\bsecure\b/, /\bsecurity\b/, /\bsafe\b/, /\bcard details\b/, /\bstripe\b/, /\bpayment methods?\b/, /\bpay (with|by)\b/, /\bfraud\b/, /\bscam\b/],
    answer: () =>
      `Payments are handled by ${BRAND.paymentProvider}, a certified card payment provider, over an encrypted connection. We never see or store your card details, and your tickets are issued as soon as the payment is confirmed.`,
  },
  {
    id: "gifts",
    patterns: [/\bgifts?\b/, /\bpresent\b/, /\b(for|as) (a )?(friend|someone else|somebody else|surprise)\b/],
    answer: () =>
      "To give tickets as a gift, buy them as usual and forward the ticket e-mail (or the QR code) to the lucky person; they show it at the door.",
  },
  {
    id: "check-in",
    patterns: [
      /\bcheck[- ]?in\b/,
      /\bcheck(ing)? (people|guests|attendees|customers|them|everyone|visitors|tickets?|ticket holders)( \w+)? in\b/,
      /\blet(ting)? (people|guests|attendees|them|everyone) in\b/,
      /\bscan/,
      /\bat the (door|entrance)\b/,
    ],
    answer: () =>
      "Organisers check attendees in at [Check-In](/check-in) by scanning the QR code on each ticket. Only the event's creator can scan its tickets, and it needs a device with a camera, an internet connection and being signed in. " +
      "A ticket can be checked in only once. Your [Dashboard](/dashboard) also lists each event's attendees with a check-in button for each.",
  },
  {
    id: "buying",
    patterns: [/\b(how|where) (do|can|should) (i|we) (buy|book|purchase|order)\b/, /\bhow to (buy|book|purchase)\b/, /\bbuy(ing)? tickets?\b/, /\bpurchas/, /\bcheckout\b/, /\bbasket\b|\bcart\b/],
    answer: () =>
      "Find an event on [Events](/events), choose how many tickets you want and press Buy Now (or add them to your cart and check out together). " +
      `You pay securely by card with ${BRAND.paymentProvider}, and your ticket with its QR code arrives by e-mail straight away. Prices on paid events include a ${fee} booking fee per ticket.`,
  },
  {
    id: "selling",
    patterns: [/\b(create|list|add|publish|host|post|run|organi[sz]e|advertise|promote)\b.{0,12}\b(an? |my |our )?(own )?events?\b/, /\bsell (my )?(own )?tickets\b/, /\bbecome an? organi[sz]er\b/],
    answer: () =>
      "Sign in and go to [Create Event](/create-event) to list your event: free events cost nothing to list, and buyers of paid tickets pay the booking fee. " +
      "You can then follow sales on your [Dashboard](/dashboard), and organisers are paid 7 business days after the event. More on the [Sell Tickets](/sell) page.",
  },
  {
    id: "affiliates",
    patterns: [/\baffiliat/, /\breferr/, /\bcommission\b/, /\bearn money\b/],
    answer: () =>
      `Affiliates earn ${AFFILIATE_COMMISSION_PERCENT}% of the booking fees on paid tickets bought through their code, paid within 7 business days after the event, with no minimum. Join on the [Affiliates](/affiliates) page.`,
  },
  {
    id: "account",
    patterns: [/\bsign(ing)? ?(in|up)\b/, /\blog ?in\b/, /\bpassword\b/, /\bmy account\b/, /\bregister\b/],
    answer: () =>
      "Sign in or create an account at [Sign In](/auth): with your e-mail and password, or a one-time code by e-mail or text. If you have forgotten your password, use 'Forgot your password?' there.",
  },
  {
    id: "contact",
    patterns: [/\bcontact\b/, /\bsupport\b/, /\b(speak|talk) to\b/, /\bhuman\b/, /\bphone\b/, /\bcustomer service\b/, /\bopening hours\b/, /\bcomplain/],
    answer: ({ supportEmail }) =>
      `You can e-mail ${supportEmail} or use the [Contact](/contact) form. Support hours are ${SUPPORT_HOURS_TEXT}. ${EMERGENCY_SUPPORT_TEXT}`,
  },
];

/** The topics a question is most about: the best match, and a second one only if it matches as well. */
export function matchHelpTopics(normalisedQuestion: string): HelpTopic[] {
  const ranked = HELP_TOPICS.filter((topic) => !topic.only || topic.only.test(normalisedQuestion))
    .map((topic, order) => ({ topic, order, score: topic.patterns.filter((pattern) => pattern.test(normalisedQuestion)).length }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order);
  return ranked
    .filter((entry) => entry.score === ranked[0]!.score)
    .slice(0, 2)
    .map((entry) => entry.topic);
}

/** Every fact, for grounding the AI service. */
export function helpFactsText(facts: HelpFacts): string {
  return HELP_TOPICS.map((topic) => `- ${topic.answer(facts)}`).join("\n");
}
