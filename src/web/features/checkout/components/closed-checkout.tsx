import { CircleCheck, CircleSlash } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { ClosedCheckoutView } from "../lib/checkout-status";

/** A checkout that can no longer be paid: already paid, cancelled, expired or refunded. */
export function ClosedCheckout({ view }: { view: ClosedCheckoutView }) {
  const Icon = view.tone === "success" ? CircleCheck : CircleSlash;
  return (
    <div className="flex flex-col items-center text-center">
      <span
        className={cn(
          "flex size-14 items-center justify-center rounded-2xl",
          view.tone === "success" ? "bg-emerald-50 text-emerald-700" : "bg-surface text-muted",
        )}
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold">{view.title}</h2>
      <p className="mt-2 max-w-sm text-muted">{view.description}</p>
      <Link to={view.action.to} className={buttonVariants({ size: "lg-text-sm", className: "mt-6" })}>
        {view.action.label}
      </Link>
    </div>
  );
}
