import type { SiteFigure } from "@domain";

/** Site figures: a number large with its label below, or a plain line where a count is still small (decisions.md D3, decision 022). */
export function FiguresBand({ figures, label }: { figures: SiteFigure[]; label: string }) {
  return (
    <section aria-label={label} className="border-b border-border bg-white">
      <ul className="container-page flex flex-wrap justify-center py-8 sm:gap-x-16 sm:py-10">
        {figures.map((figure) =>
          figure.kind === "count" ? (
            <li key={figure.label} className="flex w-1/2 flex-col items-center gap-1 py-3 text-center sm:w-auto">
              <span className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl">{figure.value}</span>
              <span className="text-sm font-medium text-muted">{figure.label}</span>
            </li>
          ) : (
            <li key={figure.text} className="flex w-1/2 items-center justify-center px-2 py-3 text-center text-base font-bold text-brand-800 sm:w-auto sm:max-w-48 sm:text-lg">
              {figure.text}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
