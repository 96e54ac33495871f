import { UserX } from "lucide-react";
import { StatusPanel } from "~/components/ui/status-panel";
import { paths } from "~/paths";

/** An unknown or invalid username, or a profile that failed to load (spec §2 Profiles: 'Profile not found'). */
export function ProfileNotFound({ failed = false }: { failed?: boolean }) {
  return (
    <StatusPanel icon={UserX} title="Profile not found" backTo={paths.events()} backLabel="Browse Events">
      {failed
        ? "We couldn't load this profile just now. Please try again in a moment."
        : "There is no organiser with that username. Check the link, or browse what's on instead."}
    </StatusPanel>
  );
}
