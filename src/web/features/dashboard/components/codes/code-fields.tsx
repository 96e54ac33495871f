import { useEffect, useState } from "react";
import { CODE_EFFECTS, MAX_GENERATED_CODES, type CodeEffect } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { EFFECT_LABELS, firstErrorField, type CodeField, type CodeFieldErrors, type CodeFormValues } from "../../lib/code-form";
import type { CodeEventChoice } from "./codes-panel";

const VALUE_LABELS: Record<Exclude<CodeEffect, "none">, { label: string; hint: string }> = {
  percent: { label: "Percentage off", hint: "A whole number from 1 to 100 (100: free tickets)." },
  amount: { label: "Amount off each ticket (£)", hint: "In pounds, e.g. 5 or 2.50. A ticket never goes below £0." },
  set_price: { label: "Price of each ticket (£)", hint: "In pounds; 0 makes the tickets free (no booking fee)." },
};

/**
 * Every field of a code (CodeInput) but its text, or of a bulk generation (count and prefix instead of the
 * text): the fields are named as the API's, so a refusal naming one is shown beside it; the first field at
 * fault takes focus (autoFocus: the form is drawn afresh for each answer, with what was typed).
 */
export function CodeFields({
  idPrefix,
  events,
  values,
  errors,
  generate,
}: {
  idPrefix: string;
  events: readonly CodeEventChoice[];
  values: CodeFormValues;
  errors: CodeFieldErrors;
  generate: boolean;
}) {
  const [eventId, setEventId] = useState(values.eventId ?? "");
  const [effect, setEffect] = useState<CodeEffect>(CODE_EFFECTS.find((one) => one === values.effect) ?? "percent");
  const first = firstErrorField(errors);
  const id = (field: CodeField) => `${idPrefix}-${field}`;
  const common = (field: Exclude<CodeField, "ticketTypeIds">) => ({ name: field, defaultValue: values[field] ?? "", autoFocus: first === field });
  const types = events.find((event) => event.id === eventId)?.ticketTypes ?? [];
  const ticked = new Set(values.ticketTypeIds ?? []);
  const valueField = effect === "none" ? null : VALUE_LABELS[effect];
  // autoFocus puts focus there before the scripts load; once they run, the router's scroll handling comes after
  // it, so the field at fault is brought into view again (a frame later) in the middle of the screen.
  useEffect(() => {
    if (!first) return;
    const frame = requestAnimationFrame(() => {
      const field = document.getElementById(id(first)) ?? document.querySelector<HTMLElement>(`#${idPrefix}-${first}-error`);
      field?.scrollIntoView({ block: "center" });
    });
    return () => cancelAnimationFrame(frame);
    // Each answer draws the form afresh (its key), so this runs once per answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    // Scrolled into view below the sticky header when a field at fault takes focus.
    <div className="grid gap-4 sm:grid-cols-2 [&_input]:scroll-mt-24 [&_select]:scroll-mt-24">
      {generate ? (
        <>
          <Field id={id("count")} label="How many codes" hint={`Up to ${MAX_GENERATED_CODES}.`} error={errors.count}>
            <Input {...common("count")} type="number" inputMode="numeric" min={1} max={MAX_GENERATED_CODES} required />
          </Field>
          <Field id={id("prefix")} label="Prefix (optional)" hint="Letters, digits, - or _; each code is the prefix and 10 random letters." error={errors.prefix}>
            <Input {...common("prefix")} autoComplete="off" autoCapitalize="characters" maxLength={22} />
          </Field>
        </>
      ) : (
        <Field id={id("code")} label="Code" hint="3 to 32 letters, digits, - or _; buyers can type it in any case." error={errors.code} className="sm:col-span-2">
          <Input {...common("code")} autoComplete="off" autoCapitalize="characters" maxLength={32} required />
        </Field>
      )}
      <Field id={id("eventId")} label="Event" error={errors.eventId}>
        <Select {...common("eventId")} onChange={(event) => setEventId(event.target.value)}>
          <option value="">All my events</option>
          {events.map((event) => (
            <option key={event.id} value={event.id}>
              {event.title}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={id("effect")} label="What it does" error={errors.effect}>
        <Select {...common("effect")} onChange={(event) => setEffect(event.target.value as CodeEffect)}>
          {CODE_EFFECTS.map((one) => (
            <option key={one} value={one}>
              {EFFECT_LABELS[one]}
            </option>
          ))}
        </Select>
      </Field>
      {valueField && (
        <Field id={id("value")} label={valueField.label} hint={valueField.hint} error={errors.value}>
          <Input {...common("value")} inputMode="decimal" autoComplete="off" required />
        </Field>
      )}
      <fieldset className="sm:col-span-2" aria-describedby={errors.ticketTypeIds ? `${id("ticketTypeIds")}-error` : undefined}>
        <legend className="text-sm font-semibold text-ink">Ticket types</legend>
        {types.length === 0 ? (
          <p className="mt-1 text-sm text-muted">{eventId ? "This event has no ticket types yet." : "Every shown type of every event. Choose an event to pick its types."}</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-muted">None ticked: every shown type. A hidden type is sold only with a code that names it.</p>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {types.map((type, index) => (
                <label key={type.id} className="flex min-h-6 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="ticketTypeIds"
                    value={type.id}
                    defaultChecked={ticked.has(type.id)}
                    autoFocus={first === "ticketTypeIds" && index === 0}
                    className="size-5 shrink-0 cursor-pointer rounded accent-brand-600"
                  />
                  {type.name}
                  {type.hidden && <span className="text-muted">(hidden)</span>}
                </label>
              ))}
            </div>
          </>
        )}
        {errors.ticketTypeIds && (
          <p id={`${id("ticketTypeIds")}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors.ticketTypeIds}
          </p>
        )}
      </fieldset>
      <Field id={id("validFrom")} label="Valid from (UK time, optional)" error={errors.validFrom}>
        <Input {...common("validFrom")} type="datetime-local" />
      </Field>
      <Field id={id("validUntil")} label="Valid until (UK time, optional)" error={errors.validUntil}>
        <Input {...common("validUntil")} type="datetime-local" />
      </Field>
      <Field id={id("maxUses")} label="Most tickets in all" hint={generate ? "Empty: each code is single-use." : "Empty: no limit."} error={errors.maxUses}>
        <Input {...common("maxUses")} type="number" inputMode="numeric" min={1} />
      </Field>
      <Field id={id("maxPerBuyer")} label="Most tickets per buyer" hint="Empty: no limit." error={errors.maxPerBuyer}>
        <Input {...common("maxPerBuyer")} type="number" inputMode="numeric" min={1} />
      </Field>
      <Field
        id={id("reservedPlaces")}
        label="Places kept back for this code"
        hint={generate ? "Per code, for one event only: held from the public until used, deactivated or expired. Empty: none." : "For one event only: held from the public until used, deactivated or expired. Empty: none."}
        error={errors.reservedPlaces}
      >
        <Input {...common("reservedPlaces")} type="number" inputMode="numeric" min={1} />
      </Field>
    </div>
  );
}
