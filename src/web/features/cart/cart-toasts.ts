import { MAX_TICKETS_PER_EVENT } from "@domain";
import type { AddResult } from "./cart-lines";

export interface ToastText {
  title: string;
  description?: string;
}

function tickets(count: number): string {
  return `${count} ${count === 1 ? "ticket" : "tickets"}`;
}

/** The success toast after Add to Cart; it says so when the line was already at its limit. */
export function cartAddedToast({ title, added, result }: { title: string; added: number; result: Pick<AddResult, "quantity" | "capped"> }): ToastText {
  if (result.quantity === 0) {
    return { title: "Not added", description: `${title}: your cart already holds ${MAX_TICKETS_PER_EVENT} tickets for this event, the most one order may have.` };
  }
  if (result.capped) {
    return { title: "Added to cart", description: `${title}: your cart now holds ${tickets(result.quantity)}, the most available for this event.` };
  }
  return {
    title: "Added to cart",
    description: result.quantity === added ? `${tickets(added)} for ${title}.` : `${tickets(added)} for ${title} (${result.quantity} in your cart).`,
  };
}

export const CART_TOASTS = {
  cleared: { title: "Cart cleared" },
  removed: (title: string): ToastText => ({ title: "Removed from cart", description: title }),
} as const;
