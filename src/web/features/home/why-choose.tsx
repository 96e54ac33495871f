import { BadgePoundSterling, ChevronDown, Headset, QrCode, RotateCcw, ShieldCheck, Smartphone } from "lucide-react";
import { useId, useState } from "react";
import { BOOKING_FEE_PENCE, BRAND, formatPounds } from "@domain";

const TRUST_POINTS = [
  {
    icon: ShieldCheck,
    title: "Secure checkout",
    text: `Payments are processed by ${BRAND.paymentProvider}, so your card details never touch our servers.`,
  },
  {
    icon: QrCode,
    title: "Instant QR tickets",
    text: "Your tickets arrive by e-mail the moment you book, each with a QR code ready to scan at the door.",
  },
  {
    icon: BadgePoundSterling,
    title: "Clear, honest pricing",
    text: `One booking & processing fee of ${formatPounds(BOOKING_FEE_PENCE)} per ticket, on paid events only and included in the price you see. Free events stay free.`,
  },
  {
    icon: RotateCcw,
    title: "Fair refunds",
    text: "Refunds are generally available up to 48 hours before the event, and in full if the organiser cancels.",
  },
  {
    icon: Smartphone,
    title: "Built for organisers",
    text: "Create your own event in minutes, track sales as they happen and check guests in with your phone.",
  },
  {
    icon: Headset,
    title: "24/7 support",
    text: `Questions before or after you book? Our team is here around the clock at ${BRAND.supportEmail}.`,
  },
] as const;

/**
 * The collapsible 'Why Choose' section with six trust points (spec §2 Home, item 6). A plain disclosure
 * button: Radix Collapsible measured its content with getComputedStyle while the page hydrated.
 */
export function WhyChoose() {
  const [open, setOpen] = useState(false);
  const contentId = useId();
  const state = open ? "open" : "closed";
  return (
    <section aria-labelledby="why-choose-title" className="container-page render-when-visible py-16 sm:pb-20 sm:pt-24">
      <div
        data-state={state}
        className="overflow-hidden rounded-3xl bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white shadow-xl shadow-brand-950/20"
      >
        <div className="px-6 pt-7 sm:px-10 sm:pt-9">
          <h2 id="why-choose-title">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={contentId}
              data-state={state}
              onClick={() => setOpen((current) => !current)}
              className="group flex w-full items-center justify-between gap-6 rounded-xl text-left text-2xl font-extrabold tracking-tight focus-visible:outline-white sm:text-3xl"
            >
              Why Choose {BRAND.name}?
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-white/10 ring-1 ring-white/25 transition group-hover:bg-white/20">
                <ChevronDown
                  className="size-6 transition-transform duration-300 group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                  aria-hidden="true"
                />
              </span>
            </button>
          </h2>
          <p className="mt-1 text-base text-brand-100">Six reasons fans and organisers book with us.</p>
          {!open && (
            <ul aria-hidden="true" className="mt-5 flex flex-wrap gap-2 pb-7 sm:pb-9">
              {TRUST_POINTS.map(({ icon: Icon, title }) => (
                <li key={title} className="flex items-center gap-1.5 rounded-full bg-white/10 px-3 py-1.5 text-sm font-semibold ring-1 ring-white/15">
                  <Icon className="size-4 text-accent-400" />
                  {title}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div id={contentId} data-state={state} hidden={!open}>
          {open && (
            <ul className="grid gap-4 px-6 pb-8 pt-6 sm:grid-cols-2 sm:px-10 sm:pb-10 lg:grid-cols-3">
              {TRUST_POINTS.map(({ icon: Icon, title, text }) => (
                <li key={title} className="rounded-2xl bg-white/[0.07] p-5 ring-1 ring-white/15">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-accent-500 text-white shadow-lg shadow-accent-600/30">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-4 text-lg font-bold">{title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-brand-100">{text}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
