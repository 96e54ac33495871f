import { startTransition, useEffect, useState, type RefObject } from "react";

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on. False during
 * server rendering and hydration, so content below the fold can be rendered by the browser just
 * before it is needed instead of weighing on the first paint.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = "600px"): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        // A transition, so React renders the revealed content in slices instead of one long task
        // (observers report right after hydration for everything already near the viewport).
        if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
