import { BadgeCheck, Globe2, Headset, QrCode, RotateCcw, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { BOOKING_FEE_PENCE, BRAND, formatPounds } from "@domain";

export interface AboutPoint {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** What we stand for (spec §2 About: mission, community, quality, reach). */
export const ABOUT_VALUES: AboutPoint[] = [
  {
    icon: Users,
    title: "Community",
    text: "Local promoters, venues, clubs and first-time organisers list side by side, so the pub quiz down the road is as easy to find as the arena tour.",
  },
  {
    icon: BadgeCheck,
    title: "Quality",
    text: "Every listing shows the real price, date, venue and remaining tickets. Organisers can only edit and check in their own events, and every ticket carries a signed QR code that cannot be forged.",
  },
  {
    icon: Globe2,
    title: "Reach",
    text: "Events anywhere in the UK, found by category, price and date, shared in a tap, and spread further by affiliates who earn on every paid ticket they sell.",
  },
];

/** What every booking comes with (spec §2 About: secure payments, instant tickets, 24/7 support, easy refunds). */
export const ABOUT_PROMISES: AboutPoint[] = [
  {
    icon: ShieldCheck,
    title: "Secure payments",
    text: `Card payments are handled by ${BRAND.paymentProvider}. Your card details never reach our servers.`,
  },
  {
    icon: QrCode,
    title: "Instant tickets",
    text: "Your tickets arrive by e-mail the moment you pay, each with a QR code, and wait for you in My Tickets.",
  },
  {
    icon: Headset,
    title: "24/7 support",
    text: `Our team answers at ${BRAND.supportEmail}, and emergency support for urgent ticket issues runs around the clock.`,
  },
  {
    icon: RotateCcw,
    title: "Easy refunds",
    text: "Most tickets can be refunded up to 48 hours before the event, and you get everything back if the organiser cancels.",
  },
];

export const ABOUT_PRICING_NOTE = `One clear booking & processing fee of ${formatPounds(BOOKING_FEE_PENCE)} per ticket, on paid events only, included in every price you see (or paid by the organiser). Free events stay free.`;

