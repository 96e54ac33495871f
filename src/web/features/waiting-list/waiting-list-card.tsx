import { Link, Form } from "react-router";
import { useId } from "react";
import { formatDateTime } from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { paths } from "~/paths";
import type { JoinOption } from "./join-options";
import { entryStatusText, entryTypeName, JOIN_INTENT, type MyWaitingEntry } from "./waiting-list-shapes";

/**
 * The event page's waiting list (issue 37, D25): what the signed-in buyer is waiting for, and a plain
 * form to join for a sold-out type (or any type), posted to the page's action so it works before the
 * page's scripts load. Server-rendered and small: the event page's scripts are near their budget.
 */
export function WaitingListCard({
  options,
  joined,
  error,
  severalTypes,
}: {
  options: readonly JoinOption[];
  joined: readonly MyWaitingEntry[];
  error: string | null;
  /** The event sells more than one type: the one type offered is named. */
  severalTypes: boolean;
}) {
  const id = useId();
  const waitingFor = new Set(joined.map((entry) => entry.ticketTypeId ?? ""));
  const open = options.filter((option) => !waitingFor.has(option.value));
  if (!joined.length && !open.length) return null;
  return (
    <Card className="mt-4 flex flex-col gap-3 p-4 text-sm">
      {joined.length > 0 && (
        <div role="status">
          <p className="font-bold text-ink">You&apos;re on the waiting list</p>
          <ul className="mt-1 text-muted">
            {joined.map((entry) => (
              <li key={entry.id}>
                {entryTypeName(entry)}: {entry.offer ? `a place is held for you until ${formatDateTime(entry.offer.expiresAt)}` : entryStatusText(entry).toLowerCase()}
                {entry.offer && (
                  <>
                    {" "}
                    <Link to={entry.offer.url} className="font-semibold text-brand-700 underline underline-offset-2">
                      Buy your ticket
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
          <p className="mt-1 text-muted">
            We&apos;ll e-mail you when a place comes free.{" "}
            <Link to={paths.myTickets} className="font-semibold text-brand-700 underline underline-offset-2">
              My Tickets
            </Link>
          </p>
        </div>
      )}
      {open.length > 0 && (
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value={JOIN_INTENT} />
          <p className="font-semibold text-ink">Sold out? We&apos;ll e-mail you if a place comes free.</p>
          {open.length > 1 ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={id}>Tickets wanted</Label>
              <Select id={id} name="ticketTypeId" defaultValue={open[0]!.value}>
                {open.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </Select>
            </div>
          ) : (
            <input type="hidden" name="ticketTypeId" value={open[0]!.value} />
          )}
          {open.length === 1 && severalTypes && <p className="text-muted">For: {open[0]!.label}</p>}
          <Button type="submit" aria-describedby={error ? `${id}-error` : undefined}>
            Join the waiting list
          </Button>
          {error && (
            <p id={`${id}-error`} role="alert" className="font-medium text-red-700">
              {error}
            </p>
          )}
        </Form>
      )}
    </Card>
  );
}

/**
 * The offer e-mail's link (`?offer=`) when it holds nothing for this visitor: signed out, they sign in and
 * come back to it; signed in, the offer is no longer open (taken, lapsed, declined) or is someone else's.
 */
export function OfferNotice({ signedIn, eventId, token }: { signedIn: boolean; eventId: string; token: string }) {
  const back = `${paths.event(eventId)}?offer=${encodeURIComponent(token)}`;
  return (
    <Card role="status" className="mt-4 p-4 text-sm">
      {signedIn ? (
        <p>
          <strong className="font-bold">This offer is no longer open.</strong> It may have expired or been used, or be for another account.
        </p>
      ) : (
        <p>
          <strong className="font-bold">A place may be held for you.</strong>{" "}
          <Link to={`${paths.auth}?redirect=${encodeURIComponent(back)}`} className="font-semibold text-brand-700 underline underline-offset-2">
            Sign in to buy your ticket
          </Link>
        </p>
      )}
    </Card>
  );
}
