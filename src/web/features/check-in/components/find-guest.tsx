import { lazy } from "react";
import type { CheckResult } from "@domain";
import { DisclosureCard } from "./disclosure-card";

export interface FindGuestProps {
  eventId: string | null;
  listId: string | null;
  onAdmitted?(result: CheckResult): void;
}

// The lookup's form, results and answers load when the door opens the panel: most scans never need them.
const FindGuestPanel = lazy(() => import("./find-guest-panel"));

/**
 * "Find a guest" at the scanner (issue 38): when a phone will not show its QR, the door looks the guest
 * up by name, e-mail or ticket code among the events it may check and admits them with a tap. The answer
 * is shown as a scan's is; a ticket for another day asks staff to confirm.
 */
export function FindGuest(props: FindGuestProps) {
  return (
    <DisclosureCard title="Find a guest">
      {() => <FindGuestPanel {...props} />}
    </DisclosureCard>
  );
}
