import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import { categoryInfo } from "./category-info";

/** One category with its count; the whole card links to /events?category={name} (spec §2 Categories page). */
export function CategoryCard({ category, count }: { category: string; count: number }) {
  const { label, description, icon: Icon, tone } = categoryInfo(category);
  return (
    <article className="group relative flex h-full flex-col rounded-2xl border border-border bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-brand-600">
      <div className="flex items-start justify-between gap-4">
        <span className={cn("flex size-14 items-center justify-center rounded-2xl bg-gradient-to-br text-white shadow-sm", tone)}>
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <span className="rounded-full bg-surface px-3 py-1 text-sm font-semibold text-ink">
          {count} {count === 1 ? "event" : "events"}
        </span>
      </div>
      <h2 className="mt-5 text-lg font-bold">
        <Link to={paths.events({ category })} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
          {label}
        </Link>
      </h2>
      <p className="mt-1.5 flex-1 text-sm leading-relaxed text-muted">{description}</p>
      <p className="mt-5 flex items-center gap-1.5 text-sm font-semibold text-brand-700" aria-hidden="true">
        Browse {label}
        <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
      </p>
    </article>
  );
}
