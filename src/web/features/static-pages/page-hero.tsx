import type { ReactNode } from "react";

/** The dark band that opens each information page: eyebrow, the page's only h1, a lead and optional actions. */
export function PageHero({ id, eyebrow, title, lead, children }: { id: string; eyebrow: string; title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="relative isolate overflow-hidden bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_22rem_at_90%_-10%,rgba(255,107,61,0.35),transparent_60%)]"
      />
      <div className="container-page py-12 sm:py-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{eyebrow}</p>
        <h1 id={id} className="mt-3 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mt-4 max-w-2xl text-base leading-relaxed text-brand-100 sm:text-lg">{lead}</p>
        {children && <div className="mt-8">{children}</div>}
      </div>
    </section>
  );
}
