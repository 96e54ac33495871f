import type { StatementTypeRow } from "../../lib/statement-rows";

/** An event's statement per ticket type (issue 36): tickets sold and refunded, and the ticket money, as sold. */
export function StatementTicketTypes({ title, types }: { title: string; types: StatementTypeRow[] }) {
  return (
    <table className="w-full text-xs sm:text-sm">
      <caption className="pb-1 text-left text-xs font-semibold text-muted">
        By ticket type<span className="sr-only">: {title}</span>
      </caption>
      <thead className="border-b border-border text-muted">
        <tr>
          <th scope="col" className="py-1 pr-2 text-left font-normal">
            Ticket type
          </th>
          <th scope="col" className="px-2 py-1 text-right font-normal">
            Sold
          </th>
          <th scope="col" className="px-2 py-1 text-right font-normal">
            Refunded
          </th>
          <th scope="col" className="px-2 py-1 text-right font-normal">
            Gross sales
          </th>
          <th scope="col" className="py-1 pl-2 text-right font-normal">
            Refunds
          </th>
        </tr>
      </thead>
      <tbody>
        {types.map((type) => (
          <tr key={type.key}>
            <th scope="row" className="break-words py-1 pr-2 text-left font-semibold">
              {type.name}
            </th>
            <td className="px-2 py-1 text-right tabular-nums">{type.sold}</td>
            <td className="px-2 py-1 text-right tabular-nums">{type.refunded}</td>
            <td className="px-2 py-1 text-right tabular-nums">{type.gross}</td>
            <td className="py-1 pl-2 text-right tabular-nums">{type.refunds}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The same figures for a phone's card: a type per item, its four figures side by side under its name. */
export function StatementTicketTypeList({ title, types }: { title: string; types: StatementTypeRow[] }) {
  return (
    <div>
      <p className="text-xs font-semibold text-muted" aria-hidden="true">
        By ticket type
      </p>
      <ul aria-label={`By ticket type: ${title}`} className="divide-y divide-border">
        {types.map((type) => (
          <li key={type.key} className="py-2 last:pb-0">
            <p className="break-words text-sm font-semibold">{type.name}</p>
            <dl className="mt-1 grid grid-cols-4 gap-2 text-xs">
              {(
                [
                  ["Sold", type.sold],
                  ["Refunded", type.refunded],
                  ["Gross sales", type.gross],
                  ["Refunds", type.refunds],
                ] as const
              ).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
