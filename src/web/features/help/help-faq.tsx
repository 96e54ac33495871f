import { ArrowRight, ChevronDown } from "lucide-react";
import type { Ref } from "react";
import { Link } from "react-router";
import { HELP_FAQ } from "./help-faq-content";

/**
 * The 11 questions, one open at a time (spec §2 Help Centre): `<details>` sharing a `name`, so they open
 * and close before scripts load. Answers stay in the page's HTML while closed, so search engines and
 * in-page find (which opens the question) still see them.
 */
export function HelpFaq({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby="help-faq-title" id="faq" className="scroll-mt-24">
      <h2 id="help-faq-title" ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none sm:text-3xl">
        Frequently Asked Questions
      </h2>
      <ul className="mt-6 flex flex-col gap-3">
        {HELP_FAQ.map((item) => (
          <li key={item.id}>
            <details name="help-faq" className="group rounded-2xl border border-border bg-white shadow-sm open:border-brand-200 open:shadow-md">
              <summary className="flex w-full cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold [&::-webkit-details-marker]:hidden">
                <h3>{item.question}</h3>
                <ChevronDown className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
              </summary>
              <div className="px-5 pb-5">
                <p className="leading-relaxed text-muted">{item.answer}</p>
                {item.link && (
                  <Link to={item.link.to} className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {item.link.label}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </Link>
                )}
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
