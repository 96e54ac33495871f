import { availabilityText, formatDateTime, formatPounds, type TicketTypeView } from "@domain";
import { cn } from "~/lib/cn";

/** What a type's line says beside its price (issue 36): why it cannot be bought, or how few are left. */
export function ticketTypeNote(type: TicketTypeView): string | null {
  if (type.salesState === "not-yet") return type.salesStart ? `On sale ${formatDateTime(type.salesStart)}` : "Not on sale yet";
  if (type.salesState === "ended") return "Sales ended";
  const left = availabilityText(type.remaining);
  const until = type.salesEnd && type.remaining !== 0 ? `On sale until ${formatDateTime(type.salesEnd)}` : null;
  return [left, until].filter(Boolean).join(" · ") || null;
}

/** The first type a buyer can buy, else null. */
export function firstOnSale(types: readonly TicketTypeView[]): TicketTypeView | null {
  return types.find((type) => type.onSale) ?? null;
}

/**
 * An event's ticket types as a choice (issue 36): each with its all-in price (D21), its description and
 * what is left or when it sells; a type that cannot be bought is shown but cannot be chosen.
 */
export function TicketTypeChooser({
  name,
  types,
  chosen,
  onChoose,
  disabled,
}: {
  name: string;
  types: readonly TicketTypeView[];
  chosen: string | null;
  onChoose: (id: string) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-ink">Ticket type</legend>
      {types.map((type) => {
        const note = ticketTypeNote(type);
        const unavailable = !type.onSale;
        return (
          <label
            key={type.id}
            className={cn(
              "flex items-start gap-3 rounded-xl border border-border p-3 transition has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
              unavailable ? "cursor-not-allowed opacity-70" : "cursor-pointer",
            )}
          >
            <input
              type="radio"
              name={name}
              value={type.id}
              checked={chosen === type.id}
              disabled={unavailable || disabled}
              onChange={() => onChoose(type.id)}
              className="mt-1 size-4 shrink-0 accent-brand-600"
            />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-semibold text-ink">{type.name}</span>
                <span className="shrink-0 font-bold text-ink">{type.allInPricePence ? formatPounds(type.allInPricePence) : "Free"}</span>
              </span>
              {type.description && <span className="text-sm text-muted">{type.description}</span>}
              {note && <span className={cn("text-xs font-semibold", type.remaining === 0 || type.salesState === "ended" ? "text-red-700" : "text-amber-800")}>{note}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
