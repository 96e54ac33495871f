import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants } from "./button";

/** A page-sized message with an icon, a heading and one way onwards (not-found and failure states). */
export function StatusPanel({
  icon: Icon,
  title,
  children,
  backTo,
  backLabel,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  backTo: string;
  backLabel: string;
}) {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">{title}</h1>
      <p className="mt-3 max-w-md text-muted">{children}</p>
      <Link to={backTo} className={buttonVariants({ size: "lg-text-sm", className: "mt-8" })}>
        <ArrowLeft aria-hidden="true" />
        {backLabel}
      </Link>
    </section>
  );
}
