import { startTransition, useEffect, useState } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

/**
 * Whether the visitor asked for reduced motion. The server (and hydration) assume yes, so nothing
 * starts moving until the browser has said otherwise. The browser's answer arrives as a transition:
 * read during hydration (useSyncExternalStore) it re-rendered the carousel in one long task after it.
 */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(true);
  useEffect(() => {
    const media = window.matchMedia(QUERY);
    const update = () => startTransition(() => setReduced(media.matches));
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, []);
  return reduced;
}
