import { useSyncExternalStore } from "react";
import { whenIdle } from "~/lib/when-idle";
import { cartChanged } from "./cart-count";
import { cartCookieString } from "./cart-cookie";
import { addCartLine, isCartCoveredBy, parseCartItems, removeCartLine, setLineQuantity, type AddResult, type CartItem, type CartLineRef } from "./cart-lines";

export type { CartItem } from "./cart-lines";

const STORAGE_KEY = "cart";
const listeners = new Set<() => void>();
const EMPTY: CartItem[] = [];
let cached: { raw: string | null; items: CartItem[] } = { raw: null, items: EMPTY };
/**
 * Whether the page shows local storage's cart yet. Until the browser is first idle it shows what the
 * server drew from the cart cookie, which is the same cart unless another tab changed it since: reading
 * local storage and the cookie while hydrating cost a long task on a slow phone (decision 012).
 */
let showingStoredCart = false;
let storedCartScheduled = false;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, strict cookie settings): the cart is then simply empty.
    return null;
  }
}

/** The cart as it is now (outside React: event handlers). */
export function readCart(): CartItem[] {
  const raw = readRaw();
  if (raw === cached.raw) return cached.items;
  cached = { raw, items: parseCartItems(raw) };
  return cached.items;
}

/** Keeps the cookie the server draws /cart from in step with local storage (also for carts made before it). */
function mirrorToCookie(items: readonly CartItem[]) {
  const cookie = cartCookieString(items, window.location.protocol === "https:");
  const current = document.cookie.split("; ").find((part) => part.startsWith("cart="));
  if ((current ?? "cart=") !== cookie.slice(0, cookie.indexOf(";"))) document.cookie = cookie;
}

function notify() {
  for (const listener of listeners) listener();
  cartChanged();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!storedCartScheduled) {
    storedCartScheduled = true;
    whenIdle(() => {
      showingStoredCart = true;
      mirrorToCookie(readCart());
      notify();
    });
  }
  // Another tab's change arrives as a storage event, so every open tab shows the same cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    showingStoredCart = true;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function writeCart(items: CartItem[]) {
  try {
    if (items.length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Storage blocked or full: nothing to keep the cart in.
  }
  mirrorToCookie(items);
  showingStoredCart = true;
  notify();
}

/** Adds tickets of an event's type, or more of a line already in the cart, up to `max` on the line. */
export function addToCart(item: CartItem, max?: number): AddResult {
  const result = addCartLine(readCart(), item, max);
  writeCart(result.items);
  return result;
}

/** 0 or less removes the line (spec §4 Cart). */
export function setCartQuantity(line: CartLineRef, quantity: number) {
  writeCart(setLineQuantity(readCart(), line, quantity));
}

export function removeFromCart(line: CartLineRef) {
  writeCart(removeCartLine(readCart(), line));
}

export function clearCart() {
  writeCart([]);
}

/** After a payment: the cart is emptied once its bookings cover every event in it (decisions.md D6). */
export function clearCartIfBought(bookedEventIds: readonly string[]): boolean {
  if (!isCartCoveredBy(readCart(), bookedEventIds)) return false;
  clearCart();
  return true;
}

/** The cart's lines; `serverItems` (what the server drew from the cart cookie) until the stored cart shows. */
export function useCartItems(serverItems: CartItem[] = EMPTY): CartItem[] {
  return useSyncExternalStore(subscribe, () => (showingStoredCart ? readCart() : serverItems), () => serverItems);
}

/**
 * Whether the page shows the stored cart yet: false while server rendering and hydrating and until the
 * browser is first idle. Until then an empty list may only mean the server had no cart cookie.
 */
export function useStoredCartShown(): boolean {
  return useSyncExternalStore(subscribe, () => showingStoredCart, () => false);
}
