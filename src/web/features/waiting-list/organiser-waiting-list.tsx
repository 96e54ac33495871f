import { Form, useNavigation } from "react-router";
import { formatDateTime } from "@domain";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { entryStatusText, entryTypeName, OFFER_HOURS_MAX, OFFER_HOURS_MIN, OFFER_INTENT, SETTINGS_INTENT, type OrganiserWaitingEntry, type OrganiserWaitingList } from "./waiting-list-shapes";

/** What the dashboard's waiting-list post answered: what was done, or why not, in words. */
export interface OrganiserWaitingListResult {
  intent: string;
  error: string | null;
  done: string | null;
}

/** A cell: a table's from tablets up; on phones each row is a card of labelled lines (the label from data-label). */
const CELL = "px-3 py-2 max-md:flex max-md:gap-3 max-md:px-0 max-md:py-0.5 max-md:before:w-28 max-md:before:shrink-0 max-md:before:font-normal max-md:before:text-muted max-md:before:content-[attr(data-label)]";

const OFFER_STATUS: Record<NonNullable<OrganiserWaitingEntry["offer"]>["status"], string> = {
  open: "Open",
  taken: "Taken",
  lapsed: "Not taken in time",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

function LatestOffer({ entry }: { entry: OrganiserWaitingEntry }) {
  const { offer } = entry;
  if (!offer) return <span>None</span>;
  return (
    <span>
      {OFFER_STATUS[offer.status]}
      {offer.sentBy === "organiser" ? " (sent by hand)" : ""}
      <br />
      <span className="text-muted">
        Sent {formatDateTime(offer.sentAt)}
        <br />
        {entry.takenAt ? `Taken ${formatDateTime(entry.takenAt)}` : `Expires ${formatDateTime(offer.expiresAt)}`}
      </span>
    </span>
  );
}

/**
 * The organiser's waiting list for one event (issue 37, D25): turn it on or off, how long an offer holds a
 * place, the places free for the list, and everyone on it in line order with their offers, and "Send
 * offer now" for someone waiting. Plain forms posted to the route's action, so it works before scripts load.
 */
export function OrganiserWaitingListPanel({
  events,
  chosen,
  list,
  result,
}: {
  /** The organiser's events to choose from, each with its label. */
  events: readonly { id: string; label: string }[];
  chosen: { id: string; title: string } | null;
  /** null: the chosen event is not one the visitor manages (the API's 404). */
  list: OrganiserWaitingList | null;
  result: OrganiserWaitingListResult | null;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="waiting-list-heading" className="flex flex-col gap-5">
      <div>
        <h2 id="waiting-list-heading" className="text-xl font-bold tracking-tight">
          Waiting Lists
        </h2>
        <p className="mt-1 text-sm text-muted">When tickets sell out, buyers can join a waiting list. Each place that comes free is offered to the next person in line by e-mail.</p>
      </div>

      {events.length > 0 && (
        <Form method="get" className="flex flex-col gap-2 rounded-2xl border border-border bg-white p-4 shadow-sm sm:flex-row sm:items-end sm:p-5">
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <Label htmlFor="waiting-list-event">Event</Label>
            <Select id="waiting-list-event" name="event" defaultValue={chosen?.id} key={chosen?.id}>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.label}
                </option>
              ))}
            </Select>
          </div>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
      )}

      {result && (
        <p role={result.error ? "alert" : "status"} className={result.error ? "text-sm font-semibold text-red-700" : "text-sm font-semibold text-emerald-800"}>
          {result.error ?? result.done}
        </p>
      )}

      {!chosen ? (
        <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted">You have no events yet.</p>
      ) : !list ? (
        <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted">Event not found.</p>
      ) : (
        <>
          <Form method="post" className="flex flex-col gap-4 rounded-2xl border border-border bg-white p-4 shadow-sm sm:p-5">
            <input type="hidden" name="intent" value={SETTINGS_INTENT} />
            <input type="hidden" name="eventId" value={chosen.id} />
            <h3 className="font-bold">Settings for {chosen.title}</h3>
            <label className="flex items-center gap-3 text-sm font-semibold">
              <input type="checkbox" name="enabled" defaultChecked={list.enabled} key={`enabled-${list.enabled}`} className="size-4 accent-brand-600" />
              Keep a waiting list when tickets sell out
            </label>
            <div className="flex flex-col gap-1.5 sm:max-w-xs">
              <Label htmlFor="offer-hours">Each offer holds a place for (hours)</Label>
              <Input id="offer-hours" name="offerHours" type="number" inputMode="numeric" min={OFFER_HOURS_MIN} max={OFFER_HOURS_MAX} required defaultValue={list.offerHours} key={`hours-${list.offerHours}`} aria-describedby="offer-hours-hint" />
              <p id="offer-hours-hint" className="text-xs text-muted">
                From {OFFER_HOURS_MIN} to {OFFER_HOURS_MAX} hours; never past the end of sales or the start of the event.
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-4">
              <Button type="submit" disabled={busy}>
                Save
              </Button>
              <p className="text-sm">
                Places free for the list: <strong className="font-bold">{list.placesFreeForList}</strong>
              </p>
            </div>
          </Form>

          {list.entries.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-border bg-white px-5 py-6 text-muted">No one is on the waiting list for this event.</p>
          ) : (
            <div className="overflow-x-auto rounded-2xl border border-border bg-white shadow-sm">
              <table className="w-full text-left text-sm md:min-w-[56rem]">
                <caption className="sr-only">Waiting list of {chosen.title}, in line order</caption>
                <thead className="bg-surface text-xs uppercase tracking-wide text-muted max-md:sr-only">
                  <tr>
                    <th scope="col" className="px-3 py-2">Position</th>
                    <th scope="col" className="px-3 py-2">Name</th>
                    <th scope="col" className="px-3 py-2">E-mail</th>
                    <th scope="col" className="px-3 py-2">Tickets</th>
                    <th scope="col" className="px-3 py-2">Joined</th>
                    <th scope="col" className="px-3 py-2">Status</th>
                    <th scope="col" className="px-3 py-2">Offers sent</th>
                    <th scope="col" className="px-3 py-2">Latest offer</th>
                    <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border max-md:block">
                  {list.entries.map((entry) => (
                    <tr key={entry.id} className="align-top max-md:block max-md:p-3">
                      <td data-label="Position" className={CELL}>{entry.position ?? "–"}</td>
                      <th scope="row" data-label="Name" className={`${CELL} font-semibold`}>{entry.name}</th>
                      <td data-label="E-mail" className={CELL}>{entry.email}</td>
                      <td data-label="Tickets" className={CELL}>{entryTypeName(entry)}</td>
                      <td data-label="Joined" className={CELL}>{formatDateTime(entry.joinedAt)}</td>
                      <td data-label="Status" className={CELL}>{entryStatusText({ ...entry, position: null })}</td>
                      <td data-label="Offers sent" className={CELL}>{entry.offersSent}</td>
                      <td data-label="Latest offer" className={CELL}><LatestOffer entry={entry} /></td>
                      <td className={CELL}>
                        {entry.status === "waiting" && (
                          <Form method="post">
                            <input type="hidden" name="intent" value={OFFER_INTENT} />
                            <input type="hidden" name="eventId" value={chosen.id} />
                            <input type="hidden" name="entryId" value={entry.id} />
                            <Button type="submit" size="sm" variant="outline" disabled={busy} aria-label={`Send offer now to ${entry.name}`}>
                              Send offer now
                            </Button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
