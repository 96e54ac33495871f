import { useEffect } from "react";

/**
 * Calls `onRestore` when the browser shows this page again from its back/forward cache, e.g. after the
 * buyer left for the checkout and pressed Back: a button left busy by that departure must work again.
 */
export function useRestoredPage(onRestore: () => void): void {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) onRestore();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [onRestore]);
}
