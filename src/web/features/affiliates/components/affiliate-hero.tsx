import { BadgePercent, CalendarCheck, PoundSterling, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { AFFILIATE_COMMISSION_PERCENT, BRAND } from "@domain";
import { AFFILIATE_TERMS } from "../lib/affiliate-content";

const HIGHLIGHTS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: BadgePercent, title: AFFILIATE_TERMS.commission, text: `${AFFILIATE_TERMS.perTicket} for every paid ticket sold through your link.` },
  { icon: CalendarCheck, title: AFFILIATE_TERMS.payout, text: "Earnings are paid out once the event has taken place." },
  { icon: PoundSterling, title: AFFILIATE_TERMS.minimum, text: "Every penny you earn is paid, however small." },
];

/** The programme in brief (spec §2 Affiliate page), with the state-dependent call to action below it. */
export function AffiliateHero({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="affiliate-title" className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div className="container-page py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">Affiliate Programme</p>
        <h1 id="affiliate-title" className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Earn money sharing events you love
        </h1>
        <p className="mt-4 max-w-2xl text-base text-brand-100 sm:text-lg">
          Share your personal {BRAND.name} link. When people buy tickets for paid events through it, you earn {AFFILIATE_COMMISSION_PERCENT}% of
          the booking fee: {AFFILIATE_TERMS.perTicket} a ticket.
        </p>
        <ul className="mt-8 grid gap-3 sm:grid-cols-3">
          {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl bg-white/10 p-5 ring-1 ring-white/15">
              <Icon className="size-6 text-accent-400" aria-hidden="true" />
              <p className="mt-3 font-bold">{title}</p>
              <p className="mt-1 text-sm text-brand-100">{text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
