import { FileText } from "lucide-react";
import { feeStatementPath, formatStatementMonth } from "@domain";

/** Links to the PDF statement of each month in which the platform charged the organiser fees. */
export function StatementFeeStatements({ months }: { months: string[] }) {
  if (!months.length)
    return <p className="px-4 pb-5 pt-1 text-sm text-muted sm:px-6">No fees charged yet. A statement appears here for each month your events sell tickets.</p>;
  return (
    <ul className="flex flex-wrap gap-2 px-4 pb-5 pt-1 sm:px-6">
      {months.map((month) => (
        <li key={month}>
          <a
            href={feeStatementPath(month)}
            className="inline-flex items-center gap-2 rounded-lg border border-border bg-white px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <FileText className="size-4" aria-hidden="true" />
            <span>
              {formatStatementMonth(month)}
              <span className="sr-only"> platform fee statement</span> (PDF)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
