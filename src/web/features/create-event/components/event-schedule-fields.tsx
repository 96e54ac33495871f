import { Store } from "lucide-react";
import { EVENT_DATE_MAX_YEARS_AHEAD, VENUE_MAX_LENGTH, venueRequired } from "@domain";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { isOngoingBusiness } from "../lib/event-form";
import type { FormBindings } from "./form-bindings";
import { RequiredMark } from "./required-mark";

/** Start and end (hidden for an ongoing business, spec §4 Create/edit form), Venue and Location. */
export function EventScheduleFields({ values, onChange, errorFor }: FormBindings) {
  const ongoing = isOngoingBusiness(values.category);
  // Until a type is chosen the form asks as for an event, the usual case.
  const needsVenue = values.category === "" || venueRequired(values.category);
  return (
    <>
      {ongoing ? (
        <p className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3.5 text-sm text-brand-900">
          <Store className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          An ongoing business has no start or end time: it stays listed until you remove it.
        </p>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id="event-start"
            label={
              <>
                Start Date & Time
                <RequiredMark />
              </>
            }
            hint={`UK time, at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead`}
            error={errorFor("dateTime")}
          >
            <Input name="dateTime" type="datetime-local" required value={values.dateTime} onChange={(event) => onChange("dateTime", event.target.value)} />
          </Field>
          <Field id="event-end" label="End Time" hint="Optional, UK time" error={errorFor("endTime")}>
            <Input
              name="endTime"
              type="datetime-local"
              min={values.dateTime || undefined}
              value={values.endTime}
              onChange={(event) => onChange("endTime", event.target.value)}
            />
          </Field>
        </div>
      )}
      <Field
        id="event-venue"
        label={
          <>
            Venue
            {needsVenue && <RequiredMark />}
          </>
        }
        hint={needsVenue ? "The place's name, as it appears on tickets." : "Optional for a business listing."}
        error={errorFor("venue")}
      >
        <Input
          name="venue"
          required={needsVenue}
          maxLength={VENUE_MAX_LENGTH}
          autoComplete="off"
          placeholder="e.g. The Deaf Institute"
          value={values.venue}
          onChange={(event) => onChange("venue", event.target.value)}
        />
      </Field>
      <Field
        id="event-location"
        label={
          <>
            Location
            <RequiredMark />
          </>
        }
        error={errorFor("location")}
      >
        <Input
          name="location"
          required
          maxLength={200}
          autoComplete="off"
          placeholder="e.g. 135 Grosvenor Street, Manchester"
          value={values.location}
          onChange={(event) => onChange("location", event.target.value)}
        />
      </Field>
    </>
  );
}
