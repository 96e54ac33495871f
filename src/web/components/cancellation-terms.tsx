import { Link } from "react-router";
import { NO_CANCELLATION_RIGHT_TEXT } from "@domain";
import { paths } from "~/paths";

/**
 * The contract's terms before the buyer pays (issue 34, D28; Consumer Contracts Regulations 2013 Schedule 2):
 * no 14-day right to cancel a dated event, and where the refund terms and the booking terms are.
 */
export function CancellationTerms({ className }: { className?: string }) {
  // A citation such as "28(1)(g)" is kept on one line: narrow columns otherwise break it before "(g)".
  const [before, citation, after] = NO_CANCELLATION_RIGHT_TEXT.split(/(\d+\(\d+\)\([a-z]\))/);
  return (
    <p className={className}>
      {citation === undefined ? (
        NO_CANCELLATION_RIGHT_TEXT
      ) : (
        <>
          {before}
          <span className="whitespace-nowrap">{citation}</span>
          {after}
        </>
      )}{" "}
      Refunds follow our{" "}
      <Link to={paths.refundPolicy} className="font-medium text-brand-700 underline underline-offset-2">
        Refund Policy
      </Link>
      ; buying accepts the{" "}
      <Link to={paths.bookingTerms} className="font-medium text-brand-700 underline underline-offset-2">
        Booking Terms
      </Link>
      .
    </p>
  );
}
