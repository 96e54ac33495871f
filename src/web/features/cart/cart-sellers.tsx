import { Store } from "lucide-react";
import { soldByLine, type SellerIdentity } from "@domain";
import { CancellationTerms } from "~/components/cancellation-terms";
import type { CartItem } from "./cart-lines";

/** The seller of each event in the cart, by event id, as the server knows them (issue 34). */
export type CartSellers = Record<string, SellerIdentity>;

/**
 * "Sold by" for the cart (issue 34, D28): each seller of the cart's events named once, with their address
 * and Eventora as their agent, and the events they sell, before the buyer goes to pay.
 */
export function CartSellerList({ items, sellers }: { items: CartItem[]; sellers: CartSellers }) {
  const bySeller = new Map<string, { seller: SellerIdentity; titles: string[] }>();
  for (const item of items) {
    const seller = sellers[item.eventId];
    if (!seller) continue;
    const line = soldByLine(seller);
    const entry = bySeller.get(line) ?? { seller, titles: [] };
    // An event with a line per type is named once.
    if (!entry.titles.includes(item.eventTitle)) entry.titles.push(item.eventTitle);
    bySeller.set(line, entry);
  }
  if (bySeller.size === 0) return null;
  return (
    <section aria-labelledby="cart-sellers-heading" className="mt-6 border-t border-border pt-4 text-xs text-muted">
      <h3 id="cart-sellers-heading" className="flex items-center gap-1.5 text-sm font-bold text-ink">
        <Store className="size-4" aria-hidden="true" />
        Who sells your tickets
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {[...bySeller].map(([line, { titles }]) => (
          <li key={line}>
            <span className="font-semibold text-ink">{titles.join(", ")}:</span> {line}
          </li>
        ))}
      </ul>
      <CancellationTerms className="mt-2" />
    </section>
  );
}
