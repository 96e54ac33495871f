import { CreditCard, QrCode, ShieldCheck, Sparkles } from "lucide-react";

/** Paid events list what a ticket includes (spec §2 Event detail). */
const INCLUDED = [
  { icon: QrCode, label: "Instant QR code delivery" },
  { icon: ShieldCheck, label: "100% secure checkout" },
  { icon: CreditCard, label: "Secure payment processing" },
  { icon: Sparkles, label: "Premium event experience" },
];

export function WhatsIncluded() {
  return (
    <section aria-labelledby="whats-included" className="rounded-2xl border border-border bg-white p-6 shadow-sm">
      <h2 id="whats-included" className="text-xl font-bold">
        What&apos;s Included
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {INCLUDED.map(({ icon: Icon, label }) => (
          <li key={label} className="flex items-center gap-3 rounded-xl bg-surface px-4 py-3 text-sm font-semibold text-ink">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
              <Icon className="size-4.5" aria-hidden="true" />
            </span>
            {label}
          </li>
        ))}
      </ul>
    </section>
  );
}
