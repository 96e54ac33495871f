import { lazy, Suspense, useSyncExternalStore } from "react";
import { useSessionUser } from "~/hooks/use-session-user";

// Loaded only for a signed-in user after hydration, so it never weighs on a visitor's first page.
// A chunk that fails to load (offline) only costs the live toasts, never the page.
const LiveSaleListener = lazy(() => import("./live-sale-listener").catch(() => ({ default: () => null })));

const noSubscription = () => () => {};

/** Sale toasts for the signed-in organiser on every page; mounted once in root.tsx. */
export function LiveSaleToasts() {
  const user = useSessionUser();
  // A visitor's page has nothing to render again once hydrated.
  return user ? <AfterHydration userId={user.id} /> : null;
}

function AfterHydration({ userId }: { userId: string }) {
  // False while server rendering and hydrating, true afterwards.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      {/* A new user (sign-out, then sign-in as someone else) gets a new connection. */}
      <LiveSaleListener key={userId} />
    </Suspense>
  );
}
