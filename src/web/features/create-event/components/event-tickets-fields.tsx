import { businessTypeForCategory, MIN_AGE_OPTIONS, poundsToPence, TRANSFER_CUTOFF_MAX_HOURS } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { FormBindings } from "./form-bindings";

function priceHint(price: string, category: string): string {
  // Food venues and ongoing businesses are shown with 'Visit Now' rather than a price (spec §2 Event card).
  if (businessTypeForCategory(category) === "restaurant") return "Listings show 'Visit Now' instead of a price.";
  const pence = price.trim() === "" ? 0 : poundsToPence(price);
  if (pence === null) return "In pounds, such as 12.50.";
  if (pence === 0) return "Leave empty for a free event: no booking fee applies.";
  return "The ticket price, before any booking fee.";
}

/**
 * Price in pounds (empty is free), Max Attendees (empty is unlimited), spec §5 Create event, and the
 * Minimum age (issue 34): buyers under it on the event's date cannot book, and the door checks ID. With
 * several ticket types (issue 36) each has its own price, and Max Attendees is the places they share.
 */
export function EventTicketsFields({ values, onChange, errorFor }: FormBindings) {
  const severalTypes = values.ticketTypes !== null;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {!severalTypes && (
        <Field id="event-price" label="Price (£)" hint={priceHint(values.price, values.category)} error={errorFor("price")}>
          <Input
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            value={values.price}
            onChange={(event) => onChange("price", event.target.value)}
          />
        </Field>
      )}
      <Field
        id="event-max-attendees"
        label="Max Attendees"
        hint={severalTypes ? "The places all ticket types share. Leave empty for unlimited places." : "Leave empty for unlimited places."}
        error={errorFor("maxAttendees")}
      >
        <Input
          name="maxAttendees"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder="Unlimited"
          value={values.maxAttendees}
          onChange={(event) => onChange("maxAttendees", event.target.value)}
        />
      </Field>
      <Field
        id="event-min-age"
        label="Minimum age"
        hint="Buyers under this age on the event's date cannot book. Once tickets are sold it can be lowered, not raised."
        error={errorFor("minAge")}
      >
        <Select name="minAge" value={values.minAge} onChange={(event) => onChange("minAge", event.target.value)}>
          {MIN_AGE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="event-transfer-cutoff"
        label="Passing tickets on closes (hours before the start)"
        hint="Buyers can pass a ticket to someone else until then, and the old QR code stops working. Leave empty to allow it until the start."
        error={errorFor("transferCutoffHours")}
      >
        <Input
          name="transferCutoffHours"
          type="number"
          inputMode="numeric"
          min={0}
          max={TRANSFER_CUTOFF_MAX_HOURS}
          step={1}
          placeholder="0"
          value={values.transferCutoffHours}
          onChange={(event) => onChange("transferCutoffHours", event.target.value)}
        />
      </Field>
    </div>
  );
}
