import { DoorOpen, LoaderCircle, LogIn, LogOut, ScanLine } from "lucide-react";
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { Form, Link } from "react-router";
import type { CheckInCounts, CheckInList, ScannerDoor, ScannerEvent } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { useSessionUser } from "~/hooks/use-session-user";
import { paths } from "~/paths";

// The camera, the QR reader and IndexedDB exist only in the browser: the scanner loads after hydration.
const CheckInScanner = lazy(() => import("./check-in-scanner"));

const noSubscription = () => () => {};

function Loading() {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center gap-3 rounded-3xl border border-border bg-white text-muted">
      <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Loading
    </div>
  );
}

function AuthenticationRequired() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
        <ScanLine className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight">Authentication Required</h1>
      <p className="mt-3 max-w-md text-muted">You need to be logged in to access the ticket scanner.</p>
      <Link to={`${paths.auth}?redirect=${encodeURIComponent(paths.checkIn)}`} className={buttonVariants({ size: "lg-text-sm", className: "mt-8" })}>
        <LogIn aria-hidden="true" />
        Sign In
      </Link>
    </section>
  );
}

/** "Checking in as Sam for Northern Sounds", and for a door link a way to leave the door (a plain form post). */
function DoorLine({ door }: { door: ScannerDoor }) {
  if (!door.link && door.organisers.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-white px-4 py-3 text-sm">
      <p className="flex items-center gap-2">
        <DoorOpen className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>
          Checking in as <strong>{door.label}</strong>
          {door.organisers.length > 0 && (
            <>
              {" "}for <strong>{door.organisers.join(", ")}</strong>
            </>
          )}
        </span>
      </p>
      {door.link && (
        <Form method="post" action="/door/leave">
          <Button type="submit" variant="outline" size="sm">
            <LogOut aria-hidden="true" />
            Leave this door
          </Button>
        </Form>
      )}
    </div>
  );
}

/**
 * /check-in (spec §2 Check-in scanner; issue 38): the scanner for a signed-in organiser, a staff member or a
 * door link's phone, else a way to sign in. `ownEvents` (the events this door may check), `counts` and
 * `door` are the loader's (null when it could not reach the server: the last door known is kept).
 */
export function CheckInPage({
  ownEvents,
  counts,
  lists,
  door,
}: {
  ownEvents: ScannerEvent[] | null;
  counts: CheckInCounts | null;
  lists: CheckInList["lists"] | null;
  door: ScannerDoor | null;
}) {
  const user = useSessionUser();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [knownDoor, setKnownDoor] = useState(door);
  if (door && door !== knownDoor) setKnownDoor(door);
  const scannerKey = user?.id ?? (knownDoor?.link ? knownDoor.key : null);
  if (!scannerKey) return <AuthenticationRequired />;
  return (
    <div className="bg-surface">
      <div className="container-page flex flex-col gap-6 py-8 sm:py-12">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Ticket Scanner</h1>
          <p className="mt-2 text-muted">Scan the QR code on each ticket to check the attendee in.</p>
        </header>
        {knownDoor && <DoorLine door={knownDoor} />}
        {hydrated ? (
          <Suspense fallback={<Loading />}>
            <CheckInScanner key={scannerKey} userId={scannerKey} ownEvents={ownEvents} counts={counts} doorLists={lists ?? null} />
          </Suspense>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}
