import { Info } from "lucide-react";
import { Link } from "react-router";
import { paths } from "~/paths";

/** Under the price while the organiser's seller details are incomplete (issue 34): a paid event is published but not on sale. */
export function SellerDetailsPendingNote() {
  return (
    <p role="note" className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        You can publish this event now; tickets go on sale once buyers can be told who sells them: your legal or trading name, address
        and VAT details.{" "}
        <Link to={paths.profileEdit} className="font-semibold underline underline-offset-2">
          Add your seller details
        </Link>
      </span>
    </p>
  );
}
