import { FileText } from "lucide-react";
import { feeStatementPath, formatStatementMonth, type FeeStatementMonth } from "@domain";

/**
 * Each month in which the platform charged the organiser fees: a link to its statement PDF, with its number
 * once issued (issue 34). The month under way has no statement yet; it is issued once the month is over.
 */
export function StatementFeeStatements({ statements }: { statements: FeeStatementMonth[] }) {
  if (!statements.length)
    return <p className="px-4 pb-5 pt-1 text-sm text-muted sm:px-6">No fees charged yet. A statement appears here for each month your events sell tickets.</p>;
  return (
    <ul className="flex flex-wrap gap-2 px-4 pb-5 pt-1 sm:px-6">
      {statements.map(({ month, number, open }) => (
        <li key={month}>
          {open ? (
            <span className="inline-flex items-center gap-2 rounded-lg border border-dashed border-border px-3 py-2 text-sm text-muted">
              <FileText className="size-4 shrink-0" aria-hidden="true" />
              {formatStatementMonth(month)}: statement issued when the month ends
            </span>
          ) : (
            <a
              href={feeStatementPath(month)}
              className="inline-flex items-center gap-2 rounded-lg border border-border bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <FileText className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {formatStatementMonth(month)}
                <span className="sr-only"> platform fee statement</span>
                {number ? <span className="font-normal text-muted"> {number}</span> : null} (PDF)
              </span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
