import { Form, Link } from "react-router";
import { formatDateTime, formatLongDate } from "@domain";
import { Button } from "~/components/ui/button";
import { paths } from "~/paths";
import { entryStatusText, entryTypeName, LEAVE_INTENT, type MyWaitingEntry } from "./waiting-list-shapes";

/**
 * My Tickets' "Waiting lists" (issue 37): the buyer's entries with their place in line or what became of
 * them, an open offer's expiry and link, and a plain form to leave. Shown only when there are entries,
 * and kept lean (My Tickets has a DOM budget).
 */
export function MyWaitingLists({ entries, error }: { entries: readonly MyWaitingEntry[]; error: string | null }) {
  const shown = entries.filter((entry) => entry.status !== "left");
  if (!shown.length) return null;
  return (
    <section aria-labelledby="waiting-lists" className="mt-8 print:hidden">
      <h2 id="waiting-lists" className="text-xl font-bold tracking-tight">
        Waiting lists
      </h2>
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {shown.map((entry) => (
          <li key={entry.id} className="flex flex-col gap-2 rounded-2xl border border-border bg-white p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
            <div>
              <Link to={paths.event(entry.eventId)} className="font-bold text-ink underline-offset-2 hover:underline">
                {entry.eventTitle}
              </Link>
              <p className="text-muted">
                {formatLongDate(entry.eventDate)} · {entryTypeName(entry)} · joined {formatDateTime(entry.joinedAt)}
              </p>
              <p className="font-semibold text-ink">
                {entry.offer ? (
                  <>
                    A place is held for you until {formatDateTime(entry.offer.expiresAt)}.{" "}
                    <Link to={entry.offer.url} className="text-brand-700 underline underline-offset-2">
                      Buy your ticket
                    </Link>
                  </>
                ) : (
                  entryStatusText(entry)
                )}
              </p>
            </div>
            {(entry.status === "waiting" || entry.status === "offered") && (
              <Form method="post">
                <input type="hidden" name="intent" value={LEAVE_INTENT} />
                <input type="hidden" name="entryId" value={entry.id} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Leave the waiting list for ${entry.eventTitle} (${entryTypeName(entry)})`}>
                  Leave the waiting list
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
