import * as Collapsible from "@radix-ui/react-collapsible";
import { ArrowRight, ChevronDown } from "lucide-react";
import { useState, type Ref } from "react";
import { Link } from "react-router";
import { HELP_FAQ } from "./help-faq-content";

/**
 * The 11 questions, one open at a time (spec §2 Help Centre). Answers stay in the page's HTML while
 * closed (hidden), so search engines and in-page find still see them.
 */
export function HelpFaq({ headingRef }: { headingRef?: Ref<HTMLHeadingElement> }) {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section aria-labelledby="help-faq-title" id="faq" className="scroll-mt-24">
      <h2 id="help-faq-title" ref={headingRef} tabIndex={-1} className="text-2xl font-extrabold tracking-tight focus:outline-none sm:text-3xl">
        Frequently Asked Questions
      </h2>
      <ul className="mt-6 flex flex-col gap-3">
        {HELP_FAQ.map((item) => {
          const open = openId === item.id;
          return (
            <li key={item.id}>
              <Collapsible.Root
                open={open}
                onOpenChange={(next) => setOpenId(next ? item.id : null)}
                className="rounded-2xl border border-border bg-white shadow-sm data-[state=open]:border-brand-200 data-[state=open]:shadow-md"
              >
                <h3>
                  <Collapsible.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold">
                    {item.question}
                    <ChevronDown
                      className="size-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none"
                      aria-hidden="true"
                    />
                  </Collapsible.Trigger>
                </h3>
                <Collapsible.Content forceMount hidden={!open} className="px-5 pb-5">
                  <p className="leading-relaxed text-muted">{item.answer}</p>
                  {item.link && (
                    <Link to={item.link.to} className="mt-3 inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
                      {item.link.label}
                      <ArrowRight className="size-4" aria-hidden="true" />
                    </Link>
                  )}
                </Collapsible.Content>
              </Collapsible.Root>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
