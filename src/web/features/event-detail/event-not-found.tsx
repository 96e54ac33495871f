import { CalendarX2 } from "lucide-react";
import { StatusPanel } from "~/components/ui/status-panel";
import { paths } from "~/paths";

/** A missing, malformed or failed event (spec §2 Event detail, §8: 'Event not found'). */
export function EventNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <StatusPanel icon={CalendarX2} title="Event not found" backTo={paths.events()} backLabel="Back to Events">
      {failed
        ? "We couldn't load this event just now. Please try again in a moment."
        : "This event doesn't exist or is no longer available. It may have been removed by its organiser."}
    </StatusPanel>
  );
}
