import { ArrowLeft, CircleX, RotateCcw } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { isUuid } from "@domain";
import { paths } from "~/paths";

/** 'Try Payment Again' goes back to the event when the cancel page knows it, else to /events (spec §2 Payment pages). */
function tryAgainPath(eventId: string | null): string {
  return eventId && isUuid(eventId) ? paths.event(eventId) : paths.events();
}

/** /payment-cancel (spec §2 Payment pages). */
export function PaymentCancelPage() {
  const [searchParams] = useSearchParams();
  const eventId = searchParams.get("event_id");
  return (
    <section className="container-page flex flex-col items-center py-20 text-center sm:py-24">
      <span className="flex size-16 items-center justify-center rounded-full bg-amber-50 text-amber-700">
        <CircleX className="size-9" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight sm:text-4xl">Payment Cancelled</h1>
      <p className="mt-3 max-w-md text-muted">Your payment was cancelled and no charges were made to your account.</p>
      <p className="mt-2 max-w-md text-sm text-muted">Any places held for you have been released, and your cart hasn't changed.</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to={tryAgainPath(eventId)} className={buttonVariants({ size: "lg-text-sm" })}>
          <RotateCcw aria-hidden="true" />
          Try Payment Again
        </Link>
        <Link to={paths.events()} className={buttonVariants({ size: "lg-text-sm", variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          Back to Events
        </Link>
      </div>
    </section>
  );
}
