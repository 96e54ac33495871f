import { ArrowRight, Check, PlusCircle } from "lucide-react";
import { Link } from "react-router";
import { BRAND, type SiteFigure } from "@domain";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import { SELLER_BENEFITS, SELLER_FEE_TEXT, SELLER_PRICING_POINTS, SELLER_STEPS } from "./seller-content";
import { FiguresBand } from "./figures-band";
import { PageHero } from "./page-hero";
import { PointGrid } from "./point-grid";

const sectionTitle = "text-2xl font-extrabold tracking-tight sm:text-3xl";

/** /sell (spec §2 Seller landing page): figures from the database (D3), benefits, three steps, pricing, Create Event. */
export function SellerPage({ figures }: { figures: SiteFigure[] }) {
  return (
    <>
      <PageHero
        id="sell-title"
        eyebrow="Sell Tickets"
        title="Sell tickets to your next event in minutes"
        lead={`Gigs, comedy nights, workshops, supper clubs or festivals: list your event on ${BRAND.name}, sell to people nearby and check them in with your phone.`}
      >
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to={paths.createEvent} className={buttonVariants({ size: "lg-text-sm", variant: "inverse" })}>
            <PlusCircle aria-hidden="true" />
            Start Selling
          </Link>
          <a href="#sell-pricing" className={buttonVariants({ size: "lg-text-sm", variant: null, className: "border border-white/30 bg-white/10 text-white shadow-sm hover:bg-white/20" })}>
            See Pricing
          </a>
        </div>
      </PageHero>
      <FiguresBand figures={figures} label={`${BRAND.name} in figures`} />

      <div className="bg-surface">
        <div className="container-page flex flex-col gap-16 py-14 sm:py-20">
          <section aria-labelledby="sell-benefits">
            <h2 id="sell-benefits" className={sectionTitle}>
              Why sell with {BRAND.name}
            </h2>
            <PointGrid points={SELLER_BENEFITS} className="sm:grid-cols-2 lg:grid-cols-3" />
          </section>

          <section aria-labelledby="sell-steps">
            <h2 id="sell-steps" className={sectionTitle}>
              How it works
            </h2>
            <ol className="mt-8 grid gap-5 md:grid-cols-3">
              {SELLER_STEPS.map(({ icon: Icon, title, text }, index) => (
                <li key={title} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-border">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-extrabold text-white" aria-hidden="true">
                      {index + 1}
                    </span>
                    <Icon className="size-5 text-brand-600" aria-hidden="true" />
                  </div>
                  <h3 className="mt-4 text-lg font-bold">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="sell-pricing-title" id="sell-pricing" className="scroll-mt-24">
            <div className="grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-border lg:grid-cols-[0.9fr_1.1fr]">
              <div className="bg-gradient-to-br from-brand-700 to-brand-900 p-8 text-white sm:p-10">
                <h2 id="sell-pricing-title" className="text-sm font-semibold uppercase tracking-wider text-accent-400">
                  Simple pricing
                </h2>
                <p className="mt-4 whitespace-nowrap text-4xl font-extrabold tracking-tight sm:text-6xl">{SELLER_FEE_TEXT}</p>
                <p className="mt-2 text-lg font-semibold text-brand-100">per ticket sold</p>
              </div>
              <div className="flex flex-col justify-between gap-8 p-8 sm:p-10">
                <ul className="flex flex-col gap-4">
                  {SELLER_PRICING_POINTS.map((point) => (
                    <li key={point} className="flex items-start gap-3">
                      <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                        <Check className="size-3.5" aria-hidden="true" />
                      </span>
                      <span>{point}</span>
                    </li>
                  ))}
                </ul>
                <Link to={paths.createEvent} className={buttonVariants({ size: "lg-text-sm", className: "self-start" })}>
                  Create Your Event
                  <ArrowRight aria-hidden="true" />
                </Link>
              </div>
            </div>
          </section>
        </div>
      </div>
    </>
  );
}
