import { formatDateTime } from "@domain";
import { Select } from "~/components/ui/select";

interface EventOption {
  id: string;
  title: string;
  dateTime: string;
}

/** The organiser's events to choose from, upcoming first then past, each with its date: the door's event and the ticket list to download. */
export function EventSelect({
  id,
  events,
  value,
  onChange,
  disabled,
  anyLabel,
}: {
  id: string;
  events: { upcoming: readonly EventOption[]; past: readonly EventOption[] } | null;
  value: string;
  onChange: (eventId: string) => void;
  disabled?: boolean;
  /** A first option, '' for any event. */
  anyLabel?: string;
}) {
  const groups = [
    { label: "Upcoming", events: events?.upcoming ?? [] },
    { label: "Past", events: events?.past ?? [] },
  ];
  return (
    <Select id={id} value={value} onChange={(changeEvent) => onChange(changeEvent.target.value)} disabled={disabled}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {groups.map(
        (group) =>
          group.events.length > 0 && (
            <optgroup key={group.label} label={group.label}>
              {group.events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.title} ({formatDateTime(event.dateTime)})
                </option>
              ))}
            </optgroup>
          ),
      )}
    </Select>
  );
}
