import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { organiserOptions, type Organiser } from "../lib/organiser-options";

/** Admins only: create or edit the event on behalf of another organiser (spec §6 Admin). */
export function OrganiserSelect({
  organisers,
  actorId,
  value,
  error,
  onChange,
}: {
  organisers: Organiser[];
  actorId: string;
  value: string;
  error: string | null;
  onChange: (organiserId: string) => void;
}) {
  const options = organiserOptions(organisers, { actorId, currentOrganiserId: value });
  return (
    <Field id="event-organiser" label="Event Organizer (Admin Only)" hint="The event is listed under this organizer's name." error={error}>
      <Select name="organiserId" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
