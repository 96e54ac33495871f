import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while server rendering and hydrating, true afterwards. The cart lives in local storage, which
 * the server cannot read: until this is true the page must not claim the cart is empty.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
