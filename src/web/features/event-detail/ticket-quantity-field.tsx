import { Minus, Plus } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";
import { maxTicketsFor, normaliseQuantity } from "./ticket-quantity";

/**
 * Ticket quantity (spec §5): typed freely, tidied on blur (empty or below 1 becomes 1), never above the
 * places left or the line limit; the steppers move one at a time.
 */
export function TicketQuantityField({
  id,
  raw,
  onRawChange,
  remaining,
  disabled,
}: {
  id: string;
  raw: string;
  onRawChange: (raw: string) => void;
  remaining: number | null;
  disabled?: boolean;
}) {
  const max = maxTicketsFor(remaining);
  const quantity = normaliseQuantity(raw, remaining);
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Ticket quantity</Label>
      <div className="flex items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon-md"
          className="shrink-0"
          aria-label="One ticket fewer"
          aria-controls={id}
          disabled={disabled || quantity <= 1}
          onClick={() => onRawChange(String(Math.max(1, quantity - 1)))}
        >
          <Minus aria-hidden="true" />
        </Button>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={raw}
          disabled={disabled}
          aria-describedby={remaining != null ? hintId : undefined}
          onChange={(event) => onRawChange(event.target.value)}
          onBlur={() => onRawChange(String(quantity))}
          className="text-center text-base font-semibold"
        />
        <Button
          type="button"
          variant="outline"
          size="icon-md"
          className="shrink-0"
          aria-label="One ticket more"
          aria-controls={id}
          disabled={disabled || quantity >= max}
          onClick={() => onRawChange(String(normaliseQuantity(String(quantity + 1), remaining)))}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      {remaining != null && (
        <p id={hintId} className="text-xs text-muted">
          {remaining} {remaining === 1 ? "ticket" : "tickets"} left
        </p>
      )}
    </div>
  );
}
