import { Minus, Plus } from "lucide-react";
import { MAX_TICKETS_PER_EVENT } from "@domain";
import { Button } from "~/components/ui/button";

/** The cart's minus/plus control (spec §2 Cart): one step at a time; going below 1 (or the type's minimum) removes the line (spec §4 Cart). */
export function CartQuantityControl({
  title,
  quantity,
  max = MAX_TICKETS_PER_EVENT,
  onChange,
}: {
  title: string;
  quantity: number;
  /** The most the line may hold: its type's maximum per order and places left, within the per-event limit. */
  max?: number;
  onChange: (quantity: number) => void;
}) {
  return (
    <div role="group" aria-label={`Tickets for ${title}`} className="inline-flex items-center rounded-xl border border-border bg-white">
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="rounded-r-none"
        // At 1 this removes the line; the page announces that, and the name stays the same for every step.
        aria-label={`One ticket fewer for ${title}`}
        onClick={() => onChange(quantity - 1)}
      >
        <Minus aria-hidden="true" />
      </Button>
      <span className="min-w-10 px-1 text-center text-base font-bold tabular-nums">
        {quantity}
        <span className="sr-only"> {quantity === 1 ? "ticket" : "tickets"}</span>
      </span>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="rounded-l-none"
        aria-label={`One ticket more for ${title}`}
        disabled={quantity >= Math.min(max, MAX_TICKETS_PER_EVENT)}
        onClick={() => onChange(quantity + 1)}
      >
        <Plus aria-hidden="true" />
      </Button>
    </div>
  );
}
