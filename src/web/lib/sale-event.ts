import type { LiveSale } from "@domain";

/**
 * The page-wide signal that one of the organiser's sales arrived (new or updated), so open pages
 * such as /dashboard reload their figures. Fired by the live-sales listener mounted in root.tsx.
 */
export const SALE_EVENT = "eventora:sale";

export function announceSale(sale: LiveSale): void {
  window.dispatchEvent(new CustomEvent<LiveSale>(SALE_EVENT, { detail: sale }));
}

export function onSale(listener: (sale: LiveSale) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<LiveSale>).detail);
  window.addEventListener(SALE_EVENT, handle);
  return () => window.removeEventListener(SALE_EVENT, handle);
}
