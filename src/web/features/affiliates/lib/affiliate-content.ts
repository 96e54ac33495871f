import { AFFILIATE_COMMISSION_PERCENT, affiliateCommission, BOOKING_FEE_PENCE, formatPounds } from "@domain";
import { AFFILIATE_CODE_VALIDITY_MS } from "~/lib/affiliate-ref";

const referralDays = Math.round(AFFILIATE_CODE_VALIDITY_MS / (24 * 60 * 60 * 1000));
/** What one paid ticket earns: 10% of its booking fee (spec §9), computed by the domain module. */
const perTicket = formatPounds(affiliateCommission(1, 1));

/** The programme's terms (spec §2 Affiliate page, §9 Fees and money). */
export const AFFILIATE_TERMS = {
  commission: `${AFFILIATE_COMMISSION_PERCENT}% commission on booking fees`,
  perTicket,
  payout: "Paid within 7 business days after the event",
  minimum: "No minimum payout",
  referralDays,
} as const;

export const AFFILIATE_FAQ = [
  {
    question: "How much can I earn?",
    answer: `You earn ${AFFILIATE_COMMISSION_PERCENT}% of the booking & processing fee (${formatPounds(BOOKING_FEE_PENCE)} per ticket) on every paid ticket bought through your link: ${perTicket} a ticket. Free events have no fee, so they earn no commission.`,
  },
  {
    question: "When do I get paid?",
    answer: "Your commission is paid within 7 business days after the event has taken place.",
  },
  {
    question: "Is there a minimum payout?",
    answer: "No. There is no minimum: everything you earn is paid out, however small.",
  },
  {
    question: "How long does a referral last?",
    answer: `Paid tickets bought during the visit that opened your link always count towards you. We then ask the visitor whether to remember your code: if they say yes, their browser keeps it for ${referralDays} days and tickets they buy in that time count too. Without their yes, nothing is stored.`,
  },
  {
    question: "What happens when I generate a new code?",
    answer: "The new code replaces the one shown on this page. Links with your old codes keep working, and keep earning.",
  },
] as const;

export const MARKETING_TIPS = [
  "Share your link in group chats with friends who love live events.",
  "Post about upcoming events on social media, with your link in the post or your bio.",
  "Add your link to your newsletter, blog or community page.",
  "Say why an event is worth going to: personal recommendations convert best.",
  "Share early: tickets sell fastest in the first weeks after an event is announced.",
] as const;
