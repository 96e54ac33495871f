import { Info } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/paths";

/** Under the price when the organiser cannot be paid yet (D23): a paid event is published but not on sale. */
export function PayoutsPendingNote() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        You can publish this event now; tickets go on sale once payouts are set up.{" "}
        <Link to={paths.dashboardPayouts} className="font-semibold underline underline-offset-2">
          Set up payouts
        </Link>
      </span>
    </p>
  );
}
