import { useSyncExternalStore } from "react";

/** Cart item (spec §3 Cart item): client only, kept in this browser's local storage. */
export interface CartItem {
  eventId: string;
  eventTitle: string;
  ticketPricePence: number;
  ticketQuantity: number;
  eventDate: string;
  eventLocation: string;
}

const STORAGE_KEY = "cart";
const listeners = new Set<() => void>();
let cached: { raw: string | null; items: CartItem[] } = { raw: null, items: [] };
const EMPTY: CartItem[] = [];

function read(): CartItem[] {
  const raw = window.localStorage.getItem(STORAGE_KEY);
  if (raw === cached.raw) return cached.items;
  let items: CartItem[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) items = parsed as CartItem[];
  } catch {
    items = [];
  }
  cached = { raw, items };
  return items;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function writeCart(items: CartItem[]) {
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(items));
  for (const listener of listeners) listener();
}

export function useCartItems(): CartItem[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/** The header badge: the number of tickets across all lines. */
export function useCartCount(): number {
  return useCartItems().reduce((sum, item) => sum + item.ticketQuantity, 0);
}
