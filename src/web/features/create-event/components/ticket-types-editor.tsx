import { ArrowDown, ArrowUp, CircleStop, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  allInPrice,
  isoToLondonInput,
  londonInputToIso,
  MAX_TICKET_TYPES,
  MAX_TICKETS_PER_EVENT,
  poundsToPence,
  TICKET_TYPE_DESCRIPTION_MAX_LENGTH,
  TICKET_TYPE_NAME_MAX_LENGTH,
} from "@domain";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { newTicketType, type ProblemField, type TicketTypeFormField, type TicketTypeFormValues } from "../lib/event-form";
import { RequiredMark } from "./required-mark";

// The event form's list of ticket types (issue 36, decision 040). Loaded only when an organiser adds a
// second type or edits an event that has several, so the spec's one-price form carries none of it (issue 35).

/** A control's name in the form: `ticketTypes.1.price`, the key a problem is reported under and focused by. */
const nameOf = (index: number, field: TicketTypeFormField | "moveUp" | "moveDown" | "remove" | "endSales") => `ticketTypes.${index}.${field}`;

function priceHint(price: string, absorbsBookingFee: boolean): string {
  const pence = price.trim() === "" ? 0 : poundsToPence(price);
  if (pence === null) return "In pounds, such as 12.50.";
  if (pence === 0) return "Leave empty for free: buyers book it at no charge and pay no fee.";
  const { priceText, feeText } = allInPrice({ pricePence: pence, absorbsBookingFee });
  return `Buyers pay ${priceText} a ticket${feeText ? `, ${feeText}` : ""}.`;
}

/** Whether the type's sales have ended by its "On sale until" as typed (UK time). */
function salesEnded(type: TicketTypeFormValues, now: Date): boolean {
  const end = type.salesEnd ? londonInputToIso(type.salesEnd) : null;
  return end !== null && new Date(end) <= now;
}

/**
 * "End sales now" (issue 36): a type with sales cannot be removed, so its sales end from this minute (UK
 * time, as typed). A start still to come would then come after the end: it goes, and the type has ended.
 */
export function endedNow(type: TicketTypeFormValues, now: Date): TicketTypeFormValues {
  const salesEnd = isoToLondonInput(now.toISOString());
  const start = type.salesStart ? londonInputToIso(type.salesStart) : null;
  const salesEndIso = londonInputToIso(salesEnd);
  const startsLater = start !== null && salesEndIso !== null && new Date(start) >= new Date(salesEndIso);
  return { ...type, salesEnd, salesStart: startsLater ? "" : type.salesStart };
}

export interface TicketTypesEditorProps {
  types: TicketTypeFormValues[];
  absorbsBookingFee: boolean;
  errorFor: (field: ProblemField) => string | null;
  onChange: (types: TicketTypeFormValues[]) => void;
  /** A type taken out of the list (the form keeps a saved one, should the server refuse to remove it). */
  onRemoved: (type: TicketTypeFormValues, index: number) => void;
  /** The name of the control to focus once it is drawn (a type just added: its name), or null. */
  focusTarget: string | null;
  onFocusTarget: (name: string | null) => void;
  disabled?: boolean;
}

/** The types an event sells, in the order buyers see them: each a group of its own fields, moved, removed or ended by buttons. */
export function TicketTypesEditor({ types, absorbsBookingFee, errorFor, onChange, onRemoved, focusTarget, onFocusTarget, disabled }: TicketTypesEditorProps) {
  const root = useRef<HTMLFieldSetElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const listError = errorFor("ticketTypes");

  useEffect(() => {
    if (!focusTarget) return;
    const control = root.current?.querySelector<HTMLElement>(`[name="${focusTarget}"]`);
    if (!control) return;
    control.focus();
    onFocusTarget(null);
  }, [focusTarget, types, onFocusTarget]);

  const label = (type: TicketTypeFormValues, index: number) => type.name.trim() || `Ticket type ${index + 1}`;

  function change(index: number, field: TicketTypeFormField, value: string | boolean) {
    onChange(types.map((type, at) => (at === index ? { ...type, [field]: value } : type)));
  }

  function add() {
    onChange([...types, newTicketType()]);
    onFocusTarget(nameOf(types.length, "name"));
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const next = [...types];
    [next[index], next[to]] = [next[to]!, next[index]!];
    onChange(next);
    setAnnouncement(`${label(types[index]!, index)} moved to position ${to + 1} of ${types.length}.`);
    // Focus follows the type, on the same button unless it reached the end its button moves towards.
    const atEnd = by === -1 ? to === 0 : to === types.length - 1;
    const up = by === -1 ? !atEnd : atEnd;
    onFocusTarget(nameOf(to, up ? "moveUp" : "moveDown"));
  }

  function remove(index: number) {
    const type = types[index]!;
    onChange(types.filter((_, at) => at !== index));
    onRemoved(type, index);
    setAnnouncement(`${label(type, index)} removed.`);
    onFocusTarget(index < types.length - 1 ? nameOf(index, "name") : index > 0 ? nameOf(index - 1, "name") : null);
  }

  function endSales(index: number) {
    const type = types[index]!;
    onChange(types.map((candidate, at) => (at === index ? endedNow(candidate, new Date()) : candidate)));
    setAnnouncement(`Sales of ${label(type, index)} end now once you save.`);
  }

  return (
    <fieldset ref={root} name="ticketTypes" tabIndex={-1} aria-describedby={listError ? "ticket-types-error" : undefined} className="flex min-w-0 flex-col gap-4 focus:outline-none">
      <legend className="text-base font-bold">Ticket types</legend>
      <p className="mt-1 text-sm text-muted">Buyers see the shown types in this order. Max Attendees is the limit they all share.</p>
      {listError && (
        <p id="ticket-types-error" className="text-sm font-medium text-red-700">
          {listError}
        </p>
      )}
      <ol className="flex flex-col gap-4">
        {types.map((type, index) => (
          <li key={type.key}>
            <TicketTypeFields
              type={type}
              index={index}
              count={types.length}
              absorbsBookingFee={absorbsBookingFee}
              errorFor={errorFor}
              disabled={disabled}
              onChange={(field, value) => change(index, field, value)}
              onMove={(by) => move(index, by)}
              onRemove={() => remove(index)}
              onEndSales={() => endSales(index)}
            />
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" className="self-start" disabled={disabled || types.length >= MAX_TICKET_TYPES} onClick={add}>
        <Plus aria-hidden="true" />
        Add another ticket type
      </Button>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}

function TicketTypeFields({
  type,
  index,
  count,
  absorbsBookingFee,
  errorFor,
  disabled,
  onChange,
  onMove,
  onRemove,
  onEndSales,
}: {
  type: TicketTypeFormValues;
  index: number;
  count: number;
  absorbsBookingFee: boolean;
  errorFor: (field: ProblemField) => string | null;
  disabled?: boolean;
  onChange: (field: TicketTypeFormField, value: string | boolean) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onEndSales: () => void;
}) {
  const id = (field: string) => `ticket-type-${type.key}-${field}`;
  const error = (field: TicketTypeFormField) => errorFor(`ticketTypes.${index}.${field}`);
  const typeError = errorFor(`ticketTypes.${index}`);
  const name = type.name.trim();
  const title = name || `Ticket type ${index + 1}`;
  const ended = salesEnded(type, new Date());
  const text = (field: Exclude<TicketTypeFormField, "hidden">) => ({
    name: nameOf(index, field),
    value: type[field],
    disabled,
    onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
  });
  return (
    <fieldset
      name={`ticketTypes.${index}`}
      tabIndex={-1}
      aria-describedby={typeError ? id("error") : undefined}
      className="min-w-0 rounded-2xl border border-border bg-white p-4 focus:outline-2 focus:outline-brand-600 sm:p-5"
    >
      <legend className="px-1 text-sm font-bold">
        Ticket type {index + 1}
        {name && `: ${name}`}
      </legend>
      {typeError && (
        <p id={id("error")} className="mb-3 rounded-xl bg-red-50 p-3 text-sm font-medium text-red-800">
          {typeError}
        </p>
      )}
      {!type.removable && (
        <p className="mb-3 text-xs text-muted">
          {type.sold > 0 ? `${type.sold} sold: ` : "Tickets are being bought: "}
          this type can be ended but not removed, and buyers keep their tickets.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("name")}
          label={
            <>
              Name
              <RequiredMark />
            </>
          }
          hint="Such as Early bird, Standard or VIP."
          error={error("name")}
        >
          <Input {...text("name")} required maxLength={TICKET_TYPE_NAME_MAX_LENGTH} autoComplete="off" />
        </Field>
        <Field id={id("price")} label="Price (£)" hint={priceHint(type.price, absorbsBookingFee)} error={error("price")}>
          <Input {...text("price")} type="number" inputMode="decimal" min={0} step={0.01} placeholder="0.00" />
        </Field>
        <Field id={id("capacity")} label="Capacity" hint="Optional: leave empty to sell up to the event's places." error={error("capacity")}>
          <Input {...text("capacity")} type="number" inputMode="numeric" min={1} step={1} placeholder="Shared" />
        </Field>
        <div aria-hidden="true" className="hidden sm:block" />
        <Field id={id("sales-start")} label="On sale from" hint="Optional, UK time. Empty: on sale now." error={error("salesStart")}>
          <Input {...text("salesStart")} type="datetime-local" />
        </Field>
        <Field id={id("sales-end")} label="On sale until" hint={ended ? "Sales have ended." : "Optional, UK time. Empty: until the event."} error={error("salesEnd")}>
          <Input {...text("salesEnd")} type="datetime-local" min={type.salesStart || undefined} />
        </Field>
        <Field id={id("min-per-order")} label="Minimum per order" error={error("minPerOrder")}>
          <Input {...text("minPerOrder")} type="number" inputMode="numeric" min={1} max={MAX_TICKETS_PER_EVENT} step={1} placeholder="1" />
        </Field>
        <Field id={id("max-per-order")} label="Maximum per order" hint={`Optional, at most ${MAX_TICKETS_PER_EVENT}.`} error={error("maxPerOrder")}>
          <Input {...text("maxPerOrder")} type="number" inputMode="numeric" min={1} max={MAX_TICKETS_PER_EVENT} step={1} placeholder={String(MAX_TICKETS_PER_EVENT)} />
        </Field>
        <Field id={id("description")} label="Description" hint="Optional: what this ticket includes." error={error("description")} className="sm:col-span-2">
          <Textarea {...text("description")} rows={2} maxLength={TICKET_TYPE_DESCRIPTION_MAX_LENGTH} />
        </Field>
      </div>
      <div className="mt-4 flex flex-col gap-1">
        <label htmlFor={id("hidden")} className="flex cursor-pointer items-start gap-3 text-sm font-semibold">
          <input
            id={id("hidden")}
            name={nameOf(index, "hidden")}
            type="checkbox"
            checked={type.hidden}
            disabled={disabled}
            onChange={(event) => onChange("hidden", event.target.checked)}
            aria-describedby={`${id("hidden")}-hint`}
            className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
          />
          Hidden: sold only with a code
        </label>
        <p id={`${id("hidden")}-hint`} className="pl-8 text-xs text-muted">
          Not listed on the event page.
        </p>
      </div>
      {/* Each button's name starts with what it shows and says which type it acts on. */}
      <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
        <Button type="button" variant="ghost" size="sm" name={nameOf(index, "moveUp")} aria-label={`Move up: ${title}`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
          <ArrowUp aria-hidden="true" />
          Move up
        </Button>
        <Button type="button" variant="ghost" size="sm" name={nameOf(index, "moveDown")} aria-label={`Move down: ${title}`} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
          <ArrowDown aria-hidden="true" />
          Move down
        </Button>
        <span className="grow" />
        {!type.removable ? (
          <Button type="button" variant="outline" size="sm" name={nameOf(index, "endSales")} aria-label={`End sales now: ${title}`} disabled={disabled || ended} onClick={onEndSales}>
            <CircleStop aria-hidden="true" />
            End sales now
          </Button>
        ) : (
          <Button
            type="button"
            variant="dangerGhost"
            size="sm"
            name={nameOf(index, "remove")}
            aria-label={`Remove: ${title}`}
            disabled={disabled || count === 1}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
            Remove
          </Button>
        )}
      </div>
    </fieldset>
  );
}
