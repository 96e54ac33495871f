import type { SiteFigure } from "../lib/site-figures";

/** Site figures as a definition list: the number large, its label below (decisions.md D3). */
export function FiguresBand({ figures, label }: { figures: SiteFigure[]; label: string }) {
  return (
    <section aria-label={label} className="border-b border-border bg-white">
      <dl className="container-page flex flex-wrap justify-center py-8 sm:gap-x-16 sm:py-10">
        {figures.map((figure) => (
          <div key={figure.label} className="flex w-1/2 flex-col-reverse items-center gap-1 py-3 text-center sm:w-auto">
            <dt className="text-sm font-medium text-muted">{figure.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
