import { CalendarSearch, Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { CategoryCard } from "./category-card";
import { cn } from "~/lib/cn";
import { paths } from "~/paths";
import type { CategoryCount } from "@domain";

function PageActions({ className }: { className?: string }) {
  return (
    <div className={cn("flex flex-wrap gap-3", className)}>
      <Link to={paths.events()} className={buttonVariants({ size: "lg", variant: "inverse", backdrop: "dark" })}>
        <CalendarSearch aria-hidden="true" />
        Browse All Events
      </Link>
      <Link
        to={paths.createEvent}
        className={cn(buttonVariants({ size: "lg", variant: null, backdrop: "dark" }), "border border-white/50 bg-white/10 text-white hover:bg-white/20")}
      >
        <Plus aria-hidden="true" />
        Create Event
      </Link>
    </div>
  );
}

/** /categories (spec §2 Categories): every category with upcoming events, and how many. */
export function CategoriesPage({ categories }: { categories: CategoryCount[] }) {
  const totalEvents = categories.reduce((sum, c) => sum + c.count, 0);

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-800 via-brand-700 to-brand-900 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 size-96 rounded-full bg-accent-500/25 blur-3xl"
        />
        <div className="container-page relative py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-100">Categories</p>
          <h1 className="mt-3 max-w-2xl text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Explore Events by Category</h1>
          <p className="mt-4 max-w-xl text-lg text-brand-100">
            From gigs and comedy to street food and sunrise yoga, find your next great day out.
            {categories.length > 0 && (
              <>
                {" "}
                {totalEvents} {totalEvents === 1 ? "event" : "events"} across {categories.length}{" "}
                {categories.length === 1 ? "category" : "categories"}.
              </>
            )}
          </p>
          <PageActions className="mt-8" />
        </div>
      </section>

      <div className="container-page py-12 sm:py-16">
        {categories.length > 0 ? (
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {categories.map(({ category, count }) => (
              <li key={category}>
                <CategoryCard category={category} count={count} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-surface px-6 py-16 text-center">
            <h2 className="text-2xl font-bold">No categories yet</h2>
            <p className="mt-2 max-w-md text-muted">There are no upcoming events listed right now. Why not be the first?</p>
            <Link to={paths.createEvent} className={buttonVariants({ size: "lg-text-sm", className: "mt-6" })}>
              <Plus aria-hidden="true" />
              Create Event
            </Link>
          </div>
        )}
      </div>
    </>
  );
}
