import { ArrowLeft, UserX } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

/** An unknown username or a failed load (spec §8 Profile: 'Profile not found'). */
export function ProfileNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <UserX className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Profile not found</h1>
      <p className="mt-3 max-w-md text-muted">
        {failed
          ? "We couldn't load this profile just now. Please try again in a moment."
          : "There is no organiser with that username. Check the link, or browse what's on instead."}
      </p>
      <Link to={paths.events()} className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        Browse Events
      </Link>
    </section>
  );
}
