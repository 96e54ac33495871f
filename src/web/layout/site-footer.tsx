import { Mail, MapPin } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { LinkList } from "~/components/link-list";
import { BOOKING_FEE_PENCE, BRAND, companyRegisteredIn, formatPounds } from "@domain";
import type { RootLoaderData } from "~/hooks/use-session-user";
import { paths } from "~/paths";
import { BrandMark } from "./site-header";

const QUICK_LINKS = [
  { to: paths.events(), label: "All Events" },
  { to: paths.categories, label: "Categories" },
  { to: paths.createEvent, label: "Create Event" },
  { to: paths.sell, label: "Sell Tickets" },
  { to: paths.affiliates, label: "Affiliates" },
  { to: paths.resendTicket, label: "Resend Ticket" },
  { to: paths.about, label: "About Us" },
  { to: paths.contact, label: "Contact" },
  { to: paths.help, label: "Help Centre" },
];

const LEGAL_LINKS = [
  { to: paths.terms, label: "Terms of Service" },
  { to: paths.privacy, label: "Privacy Policy" },
  { to: paths.bookingTerms, label: "Booking Terms & Conditions" },
  { to: paths.refundPolicy, label: "Refund Policy" },
  { to: paths.gdpr, label: "GDPR" },
  { to: paths.accessibility, label: "Accessibility" },
];

function FooterLinks({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold uppercase tracking-wide text-white">{title}</h2>
      <LinkList links={links} className="mt-4 grid gap-1.5 text-sm" linkClassName="inline-flex min-h-6 items-center text-brand-100 hover:text-white" />
    </nav>
  );
}

export function SiteFooter() {
  // The company as configured (issue 34); none on the error page of a root loader that failed, which this layout also frames.
  const company = useRouteLoaderData<RootLoaderData>("root")?.company;
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-4">
          <BrandMark inverse />
          <p className="text-sm leading-relaxed">
            The UK marketplace for gigs, comedy, food, festivals and everything in between. Tickets arrive instantly with a QR
            code.
          </p>
        </div>
        <FooterLinks title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks title="Legal" links={LEGAL_LINKS} />
        <div>
          <h2 className="text-sm font-bold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-4 grid gap-3 text-sm">
            <li className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <a href={`mailto:${BRAND.supportEmail}`} className="-my-0.5 inline-flex min-h-6 items-center hover:text-white">
                {BRAND.supportEmail}
              </a>
            </li>
            {company && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                <span>{company.address}</span>
              </li>
            )}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-2 py-6 text-xs text-brand-200 sm:flex-row sm:items-center sm:justify-between">
          {company && (
            <p>
              © {new Date().getFullYear()} {company.name}. Registered in {companyRegisteredIn(company.number)}, company number {company.number}.
              {company.vatNumber && ` VAT number ${company.vatNumber}.`}
            </p>
          )}
          <p>
            A {formatPounds(BOOKING_FEE_PENCE)} booking &amp; processing fee per ticket applies to paid events only. Free events
            have no fees.
          </p>
        </div>
      </div>
    </footer>
  );
}
