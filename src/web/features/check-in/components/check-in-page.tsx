import { LoaderCircle, LogIn, ScanLine } from "lucide-react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { CheckInCounts, CheckInList, DashboardEvent } from "@domain";
import { buttonVariants } from "~/components/ui/button";
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

/**
 * /check-in (spec §2 Check-in scanner): the scanner for a signed-in organiser, else a way to sign in.
 * `ownEvents` and `counts` are the loader's (null when it could not reach the server).
 */
export function CheckInPage({ ownEvents, counts, lists }: { ownEvents: DashboardEvent[] | null; counts: CheckInCounts | null; lists: CheckInList["lists"] | null }) {
  const user = useSessionUser();
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!user) return <AuthenticationRequired />;
  return (
    <div className="bg-surface">
      <div className="container-page flex flex-col gap-6 py-8 sm:py-12">
        <header>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Ticket Scanner</h1>
          <p className="mt-2 text-muted">Scan the QR code on each ticket to check the attendee in.</p>
        </header>
        {hydrated ? (
          <Suspense fallback={<Loading />}>
            <CheckInScanner key={user.id} userId={user.id} ownEvents={ownEvents} counts={counts} doorLists={lists ?? null} />
          </Suspense>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}
