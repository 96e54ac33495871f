import { AlertTriangle, Clock, HelpCircle, Mail, MapPin, Ticket } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BRAND, EMERGENCY_SUPPORT_TEXT, SUPPORT_HOURS } from "@domain";
import { paths } from "~/paths";
import { ContactForm } from "./contact-form";

function DetailCard({ icon: Icon, title, children }: { icon: typeof Mail; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-2xl border border-border bg-white p-5 shadow-sm">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0 text-sm">
        <h3 className="text-base font-bold">{title}</h3>
        <div className="mt-1.5 text-muted">{children}</div>
      </div>
    </div>
  );
}

/** /contact (spec §2 Contact): the form, the support address, the London office and the support hours. */
export function ContactPage() {
  return (
    <>
      <section aria-labelledby="contact-title" className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
        <div className="container-page py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">Contact</p>
          <h1 id="contact-title" className="mt-3 text-3xl font-extrabold tracking-tight sm:text-5xl">
            Get in touch
          </h1>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">
            Questions about a booking, selling tickets or anything else? Send us a message and our support team will get back to you.
          </p>
        </div>
      </section>

      <div className="bg-surface">
        <div className="container-page grid gap-8 py-10 sm:py-14 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)] lg:gap-10">
          <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-border sm:p-8">
            <h2 id="contact-form-title" className="text-2xl font-extrabold tracking-tight">
              Send us a message
            </h2>
            <p className="mt-1.5 mb-6 text-sm text-muted">All fields are required.</p>
            <ContactForm />
          </div>

          <div className="flex flex-col gap-4">
            <h2 className="sr-only">Other ways to reach us</h2>
            <DetailCard icon={Mail} title="Email">
              <a href={`mailto:${BRAND.supportEmail}`} className="break-all font-semibold text-brand-700 underline-offset-4 hover:underline">
                {BRAND.supportEmail}
              </a>
            </DetailCard>
            <DetailCard icon={MapPin} title="London office">
              <address className="not-italic">
                {BRAND.companyName}
                <br />
                {BRAND.registeredAddress}
              </address>
            </DetailCard>
            <DetailCard icon={Clock} title="Support hours">
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {SUPPORT_HOURS.map((row) => (
                  <div key={row.short} className="contents">
                    <dt>{row.short}</dt>
                    <dd className="font-semibold text-ink">{row.hours === "Closed" ? "closed" : row.hours}</dd>
                  </div>
                ))}
              </dl>
            </DetailCard>
            <DetailCard icon={AlertTriangle} title="Emergency support">
              <p>{EMERGENCY_SUPPORT_TEXT} If your event starts soon and your tickets haven&apos;t arrived, email us and mark it urgent.</p>
            </DetailCard>
            <nav aria-label="Quick help" className="flex flex-wrap gap-2 pt-2">
              <Link to={paths.resendTicket} className="inline-flex items-center gap-2 rounded-full border border-border bg-white px-3.5 py-2 text-sm font-semibold hover:border-brand-300 hover:text-brand-700">
                <Ticket className="size-4" aria-hidden="true" />
                Resend a ticket
              </Link>
              <Link to={paths.help} className="inline-flex items-center gap-2 rounded-full border border-border bg-white px-3.5 py-2 text-sm font-semibold hover:border-brand-300 hover:text-brand-700">
                <HelpCircle className="size-4" aria-hidden="true" />
                Help Centre
              </Link>
            </nav>
          </div>
        </div>
      </div>
    </>
  );
}
