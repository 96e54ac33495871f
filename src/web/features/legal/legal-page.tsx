import { FileText, Mail } from "lucide-react";
import { LinkList } from "~/components/link-list";
import { BRAND, type PlatformCompany } from "@domain";
import { usePlatformCompany } from "~/hooks/use-platform-company";
import { LEGAL_DOCUMENTS } from "./legal-documents";
import { LEGAL_LAST_UPDATED, type LegalBlock, type LegalDocument } from "./legal-document";
import { InlineText } from "./inline-text";

function Block({ block, company }: { block: LegalBlock; company: PlatformCompany }) {
  if (typeof block !== "object") {
    return (
      <p>
        <InlineText text={typeof block === "string" ? block : block(company)} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-6 marker:text-brand-500">
      {block.list.map((item) => (
        <li key={item}>
          <InlineText text={item} />
        </li>
      ))}
    </ul>
  );
}

/** The one layout of the legal pages (spec §2 Legal pages) and the accessibility statement: title, 'Last updated', contents, numbered sections. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const company = usePlatformCompany();
  const others = LEGAL_DOCUMENTS.filter((other) => other.path !== document.path).map((other) => ({ to: other.path, label: other.title }));
  return (
    <article aria-labelledby="legal-title" className="bg-white">
      <header className="border-b border-border bg-surface">
        <div className="container-page py-10 sm:py-14">
          <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-brand-700">
            <FileText className="size-4" aria-hidden="true" />
            Legal
          </p>
          <h1 id="legal-title" className="mt-3 text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            {document.title}
          </h1>
          <p className="mt-3 text-sm font-medium text-muted">Last updated: {document.lastUpdated ?? LEGAL_LAST_UPDATED}</p>
          <p className="mt-5 max-w-3xl text-lg leading-relaxed">{document.summary}</p>
        </div>
      </header>

      <div className="container-page grid gap-10 py-10 sm:py-14 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-16">
        <nav aria-labelledby="legal-contents" className="self-start rounded-2xl border border-border bg-surface p-5 lg:sticky lg:top-24">
          <h2 id="legal-contents" className="text-sm font-bold uppercase tracking-wide text-muted">
            Contents
          </h2>
          <ol className="mt-3 flex flex-col gap-2 text-sm">
            {document.sections.map((section, index) => (
              <li key={section.id} className="flex gap-2">
                <span className="w-5 shrink-0 text-right text-muted" aria-hidden="true">
                  {index + 1}.
                </span>
                <a href={`#${section.id}`} className="font-medium text-ink hover:text-brand-700 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="flex max-w-3xl flex-col gap-10">
          {document.sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-xl font-bold tracking-tight sm:text-2xl">
                <span className="text-brand-600">{index + 1}.</span> {section.heading}
              </h2>
              <div className="mt-4 flex flex-col gap-4 leading-relaxed text-ink/90">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} company={company} />
                ))}
              </div>
            </section>
          ))}

          <aside aria-labelledby="legal-more" className="flex flex-col gap-6 rounded-2xl border border-border bg-surface p-6">
            <div>
              <h2 id="legal-more" className="text-lg font-bold">
                Questions?
              </h2>
              <p className="mt-2 flex items-start gap-2 text-sm text-muted">
                <Mail className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                <span>
                  Email{" "}
                  <a href={`mailto:${BRAND.supportEmail}`} className="font-semibold text-brand-700 underline underline-offset-4">
                    {BRAND.supportEmail}
                  </a>{" "}
                  or write to {company.name}, {company.address}.
                </span>
              </p>
            </div>
            <nav aria-label="Other legal pages">
              <LinkList
                links={others}
                className="flex flex-wrap gap-2"
                linkClassName="inline-flex rounded-full border border-border bg-white px-3 py-1.5 text-sm font-semibold text-ink hover:border-brand-300 hover:text-brand-700"
              />
            </nav>
          </aside>
        </div>
      </div>
    </article>
  );
}
