import { ChevronDown } from "lucide-react";
import { AFFILIATE_FAQ } from "../lib/affiliate-content";

/** The programme's FAQ (spec §2 Affiliate page): native disclosure widgets, keyboard and reader friendly. */
export function AffiliateFaq() {
  return (
    <section aria-labelledby="affiliate-faq-title">
      <h2 id="affiliate-faq-title" className="text-2xl font-extrabold tracking-tight">
        Frequently Asked Questions
      </h2>
      <div className="mt-5 flex flex-col gap-3">
        {AFFILIATE_FAQ.map(({ question, answer }) => (
          <details key={question} className="group rounded-2xl border border-border bg-white shadow-sm open:shadow-md">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-semibold [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden="true" />
            </summary>
            <p className="px-5 pb-5 text-muted">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
