import { ArrowRight, Building2, Mail } from "lucide-react";
import { Link } from "react-router";
import { BRAND, companyRegisteredIn, type SiteFigure } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { usePlatformCompany } from "~/hooks/use-platform-company";
import { paths } from "~/paths";
import { ABOUT_PRICING_NOTE, ABOUT_PROMISES, ABOUT_VALUES } from "./about-content";
import { FiguresBand } from "./figures-band";
import { PageHero } from "./page-hero";
import { PointGrid } from "./point-grid";

/** /about (spec §2 About): mission, values, what every booking comes with, figures from the database (D3). */
export function AboutPage({ figures }: { figures: SiteFigure[] }) {
  const company = usePlatformCompany();
  return (
    <>
      <PageHero
        id="about-title"
        eyebrow={`About ${BRAND.name}`}
        title="Bringing people together at events worth remembering"
        lead={`${BRAND.name} is a UK marketplace where anyone can discover what's on nearby, book in seconds, and put on an event of their own.`}
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={paths.events()} className={buttonVariants({ size: "lg-text-sm", variant: "inverse" })}>
            Browse Events
            <ArrowRight aria-hidden="true" />
          </Link>
          <Link to={paths.sell} className={buttonVariants({ size: "lg-text-sm", variant: null, className: "border border-white/30 bg-white/10 text-white shadow-sm hover:bg-white/20" })}>
            Sell Tickets
          </Link>
        </div>
      </PageHero>
      <FiguresBand figures={figures} label={`${BRAND.name} in figures`} />

      <div className="bg-surface">
        <div className="container-page flex flex-col gap-16 py-14 sm:py-20">
          <section aria-labelledby="about-mission" className="grid gap-6 lg:grid-cols-[0.9fr_1.1fr] lg:gap-16">
            <h2 id="about-mission" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              Our mission
            </h2>
            <div className="flex flex-col gap-4 text-base leading-relaxed text-muted sm:text-lg">
              <p>
                Live events are how towns and cities come alive: a gig in a basement, a comedy night above a pub, a food festival in the park. We
                want every one of them to be easy to find, fair to book and simple to run.
              </p>
              <p>
                For visitors that means honest prices and tickets that arrive instantly. For organisers it means selling from a page of their own
                within minutes, watching sales as they happen and checking guests in with a phone.
              </p>
            </div>
          </section>

          <section aria-labelledby="about-values">
            <h2 id="about-values" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              What we stand for
            </h2>
            <PointGrid points={ABOUT_VALUES} className="md:grid-cols-3" />
          </section>

          <section aria-labelledby="about-promises">
            <h2 id="about-promises" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
              Every booking comes with
            </h2>
            <PointGrid points={ABOUT_PROMISES} className="sm:grid-cols-2 lg:grid-cols-4" />
            <p className="mt-6 text-sm text-muted">{ABOUT_PRICING_NOTE}</p>
          </section>

          <section aria-labelledby="about-company" className="grid gap-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-border sm:p-10 lg:grid-cols-2">
            <div>
              <h2 id="about-company" className="text-2xl font-extrabold tracking-tight">
                Who we are
              </h2>
              <p className="mt-3 leading-relaxed text-muted">
                {BRAND.name} is run by {company.name}, a company registered in {companyRegisteredIn(company.number)} (company number {company.number}).
              </p>
            </div>
            <ul className="flex flex-col gap-4 text-sm">
              <li className="flex items-start gap-3">
                <Building2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <span>{company.address}</span>
              </li>
              <li className="flex items-start gap-3">
                <Mail className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                  {BRAND.supportEmail}
                </a>
              </li>
              <li>
                <Link to={paths.contact} className={buttonVariants({ variant: "outline" })}>
                  Contact us
                </Link>
              </li>
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
