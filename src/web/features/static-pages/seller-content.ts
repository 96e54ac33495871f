import { BarChart3, CalendarPlus, Megaphone, QrCode, ScanLine, Share2, ShieldCheck, Wallet, type LucideIcon } from "lucide-react";
import { AFFILIATE_COMMISSION_PERCENT, BOOKING_FEE_PENCE, BRAND, formatPounds } from "@domain";

export { SELLER_FEE_TEXT } from "@domain";

export interface SellerPoint {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const SELLER_BENEFITS: SellerPoint[] = [
  {
    icon: Wallet,
    title: "Paid soon after your event",
    text: "Your ticket money is paid out within 7 business days after the event.",
  },
  {
    icon: QrCode,
    title: "Instant QR tickets",
    text: "Buyers get their tickets by e-mail the moment they pay, each with a signed QR code and a calendar invite.",
  },
  {
    icon: BarChart3,
    title: "Live sales dashboard",
    text: "Watch sales arrive as they happen, see every attendee and export the list as a spreadsheet.",
  },
  {
    icon: ScanLine,
    title: "Check in with your phone",
    text: "Scan tickets at the door with your phone's camera. Only you, the event's creator, can check your guests in.",
  },
  {
    icon: ShieldCheck,
    title: "Secure payments",
    text: `Card payments are taken by ${BRAND.paymentProvider}. No card details ever touch your hands or ours.`,
  },
  {
    icon: Megaphone,
    title: "More people see your event",
    text: `Your event appears in search and categories, and affiliates who share it earn ${AFFILIATE_COMMISSION_PERCENT}% of the booking fee, paid by us, not you.`,
  },
];

export const SELLER_STEPS: SellerPoint[] = [
  {
    icon: CalendarPlus,
    title: "Create your event",
    text: "Add the title, date, venue, price and capacity, and an image. It takes a few minutes, and free events are welcome too.",
  },
  {
    icon: Share2,
    title: "Share and sell",
    text: "Share your event page anywhere. Tickets are delivered instantly and your dashboard updates with every sale.",
  },
  {
    icon: ScanLine,
    title: "Welcome your guests",
    text: "On the night, open Check-In and scan each ticket's QR code. Each ticket gets in once.",
  },
];

export const SELLER_PRICING_POINTS = [
  "No set-up or monthly fees: you only pay when you sell a ticket",
  "Free events cost nothing to list or run",
  `Buyers pay a ${formatPounds(BOOKING_FEE_PENCE)} booking & processing fee per paid ticket, included in the price they see, or you can choose to pay it yourself`,
  "Paid out within 7 business days after your event",
] as const;
