import type { EventStatement } from "@domain";
import { Badge } from "~/components/ui/badge";
import { statementFigures, statementRow } from "../../lib/statement-rows";
import { StatementTicketTypeList, StatementTicketTypes } from "./statement-ticket-types";

/** From large screens up: one row per event, every figure in its own right-aligned column. */
export function StatementsTable({ statements }: { statements: EventStatement[] }) {
  // One set of columns for every row: the discounts column when any event has discounts (issue 37).
  const withDiscounts = statements.some((statement) => statement.discountsPence > 0);
  const figures = statementFigures(withDiscounts);
  const rows = statements.map((statement) => statementRow(statement, withDiscounts));
  return (
    // Focusable, so a keyboard can scroll it when its columns are wider than the page (axe scrollable-region-focusable).
    <div role="region" aria-label="Statements" tabIndex={0} className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 lg:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Statement per event: sales, fees, refunds, what is due to you and what has been paid</caption>
        <thead className="border-y border-border bg-surface text-muted">
          <tr>
            <th scope="col" className="px-4 py-2.5 text-left font-semibold">
              Event
            </th>
            {figures.map((figure) => (
              <th key={figure.key} scope="col" className="px-2 py-2.5 text-right font-semibold">
                <abbr title={figure.label} className="no-underline">
                  {figure.short}
                </abbr>
              </th>
            ))}
            <th scope="col" className="px-4 py-2.5 text-left font-semibold">
              Status
            </th>
          </tr>
        </thead>
        {/* A body per event: its row, then its ticket types' when it sells several (issue 36). */}
        {rows.map((row) => (
          <tbody key={row.id} className="border-b border-border last:border-b-0">
            <tr>
              <th scope="row" className="max-w-56 px-4 py-3 text-left align-top">
                <span className="block break-words font-semibold">{row.title}</span>
                <span className="block text-xs font-normal text-muted">{row.when}</span>
                {row.ticketSummary && <span className="mt-1 block text-xs font-normal text-muted">{row.ticketSummary}</span>}
              </th>
              {row.figures.map((figure) => (
                <td key={figure.key} className={`px-2 py-3 text-right align-top tabular-nums ${figure.key === "netDuePence" ? "font-bold" : ""}`}>
                  {figure.value}
                </td>
              ))}
              <td className="px-4 py-3 align-top">
                <Badge variant={row.tone} className="whitespace-nowrap">
                  {row.status}
                </Badge>
                {row.transferId && <span className="mt-1 block font-mono text-xs text-muted">{row.transferId}</span>}
              </td>
            </tr>
            {row.ticketTypes && (
              <tr>
                <td colSpan={figures.length + 2} className="px-4 pb-4 pt-0">
                  <div className="max-w-2xl rounded-xl bg-surface px-4 py-3">
                    <StatementTicketTypes title={row.title} types={row.ticketTypes} />
                  </div>
                </td>
              </tr>
            )}
          </tbody>
        ))}
      </table>
    </div>
  );
}

/** Below large screens: a card per event, its figures as label and right-aligned amount. */
export function StatementCards({ statements }: { statements: EventStatement[] }) {
  return (
    <ul className="divide-y divide-border lg:hidden">
      {statements.map((statement) => statementRow(statement)).map((row) => (
        <li key={row.id} aria-labelledby={`statement-${row.id}`} className="p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h4 id={`statement-${row.id}`} className="break-words font-bold">
                {row.title}
              </h4>
              <p className="text-sm text-muted">{row.when}</p>
              {row.ticketSummary && <p className="text-sm text-muted">{row.ticketSummary}</p>}
            </div>
            <Badge variant={row.tone}>{row.status}</Badge>
          </div>
          <dl className="mt-3 grid gap-x-8 gap-y-1.5 text-sm sm:grid-cols-2">
            {row.figures.map((figure) => (
              <div key={figure.key} className="flex justify-between gap-3">
                <dt className="text-muted">{figure.label}</dt>
                <dd className={`text-right tabular-nums ${figure.key === "netDuePence" ? "font-bold" : "font-semibold"}`}>{figure.value}</dd>
              </div>
            ))}
            {row.transferId && (
              <div className="flex justify-between gap-3 sm:col-span-2">
                <dt className="text-muted">Transfer</dt>
                <dd className="break-all text-right font-mono text-xs">{row.transferId}</dd>
              </div>
            )}
          </dl>
          {row.ticketTypes && (
            <div className="mt-3 rounded-xl bg-surface px-3 py-2.5 sm:px-4">
              <StatementTicketTypeList title={row.title} types={row.ticketTypes} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
