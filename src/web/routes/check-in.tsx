import { LoaderCircle, LogIn, ScanLine } from "lucide-react";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useSessionUser } from "~/hooks/use-session-user";
import { seoMeta } from "~/lib/seo";
import { paths } from "~/paths";
import type { Route } from "./+types/check-in";

// The camera, the QR reader and IndexedDB exist only in the browser: the scanner loads after hydration.
const CheckInScanner = lazy(() => import("~/features/check-in/components/check-in-scanner"));

export const meta: Route.MetaFunction = () => [
  ...seoMeta({
    title: "Ticket Scanner",
    description: "Check attendees in at the door: scan the QR code on each ticket, even when the venue has no signal.",
  }),
  { name: "robots", content: "noindex" },
];

// Signed-in and signed-out visitors see different pages: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

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
      <Link to={`${paths.auth}?redirect=${encodeURIComponent(paths.checkIn)}`} className={buttonVariants({ size: "lg", className: "mt-8" })}>
        <LogIn aria-hidden="true" />
        Sign In
      </Link>
    </section>
  );
}

export default function CheckInPage() {
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
            <CheckInScanner key={user.id} userId={user.id} />
          </Suspense>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}
