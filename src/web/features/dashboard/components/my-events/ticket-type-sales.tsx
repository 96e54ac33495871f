import type { MyEventTicketType } from "../../lib/my-event-rows";

/** An event's sales per ticket type on its My Events card (issue 36): sold of each type's capacity, and what is left. */
export function TicketTypeSales({ title, types }: { title: string; types: MyEventTicketType[] }) {
  return (
    <table className="w-full rounded-xl bg-surface text-sm sm:max-w-md">
      <caption className="sr-only">Tickets by type for {title}</caption>
      <thead className="text-left text-muted">
        <tr>
          <th scope="col" className="px-3 pb-1 pt-2.5 font-normal sm:px-4">
            Ticket type
          </th>
          <th scope="col" className="px-2 pb-1 pt-2.5 text-right font-normal">
            Sold
          </th>
          <th scope="col" className="px-3 pb-1 pt-2.5 text-right font-normal sm:px-4">
            Left
          </th>
        </tr>
      </thead>
      <tbody className="[&>tr:last-child>*]:pb-2.5">
        {types.map((type) => (
          <tr key={type.id}>
            <th scope="row" className="px-3 py-1 text-left font-semibold text-ink sm:px-4">
              <span className="break-words">{type.name}</span>
              {type.hidden && <span className="font-normal text-muted"> (hidden)</span>}
            </th>
            <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{type.sold}</td>
            <td className="whitespace-nowrap px-3 py-1 text-right font-semibold tabular-nums sm:px-4">{type.left}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
