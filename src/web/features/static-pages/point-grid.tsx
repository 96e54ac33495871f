import { cn } from "~/lib/cn";
import type { AboutPoint } from "./about-content";

/** A grid of cards, each an icon, a title and a line of text; `className` sets the columns. */
export function PointGrid({ points, className }: { points: readonly AboutPoint[]; className: string }) {
  return (
    <ul className={cn("mt-8 grid gap-5", className)}>
      {points.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-border bg-white p-6 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
        </li>
      ))}
    </ul>
  );
}
