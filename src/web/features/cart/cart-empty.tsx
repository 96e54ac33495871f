import { ShoppingCart } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

/** The empty cart, with 'Browse Events' to /events (spec §2 Cart). */
export function CartEmpty() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-border bg-white px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ShoppingCart className="size-8" aria-hidden="true" />
      </span>
      <h2 className="mt-5 text-xl font-bold">Your cart is empty</h2>
      <p className="mt-2 max-w-sm text-muted">Find an event you love and add tickets to your cart. They&apos;ll wait here until you check out.</p>
      <Link to={paths.events()} className={buttonVariants({ size: "lg-text-sm", className: "mt-7" })}>
        Browse Events
      </Link>
    </div>
  );
}
