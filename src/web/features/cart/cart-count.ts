import { useSyncExternalStore } from "react";
import { cartCookieCount } from "@domain";
import { whenIdle } from "~/lib/when-idle";

/*
 * The header's ticket count, read from the cart cookie that cart-store keeps in step with local storage.
 * Apart from the cart itself (cart-store.ts, cart-lines.ts) so that every page's header carries only this,
 * not the cart's reading, validation and editing, which only the pages that change the cart load (issue 34).
 */

const listeners = new Set<() => void>();
/** Until the browser is first idle the header shows the server's count (decision 012: nothing read while hydrating). */
let shown = false;
let scheduled = false;

/** Called by cart-store after every change of the cart (and the cookie that mirrors it). */
export function cartChanged(): void {
  shown = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!scheduled) {
    scheduled = true;
    whenIdle(cartChanged);
  }
  // Another tab's change: the cookie is shared, so every open tab shows the same count.
  const onStorage = (event: StorageEvent) => {
    if (event.key === "cart" || event.key === null) cartChanged();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The header badge: the number of tickets across all lines; `serverCount` (from the cart cookie) until the browser is idle. */
export function useCartCount(serverCount = 0): number {
  return useSyncExternalStore(subscribe, () => (shown ? cartCookieCount(document.cookie) : serverCount), () => serverCount);
}
