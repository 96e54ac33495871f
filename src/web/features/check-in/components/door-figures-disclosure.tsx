import { lazy } from "react";
import { DisclosureCard } from "./disclosure-card";

// The figures load when the door opens them (they need the server anyway): the scanner's first load stays light.
const DoorFigures = lazy(() => import("./door-figures").then((module) => ({ default: module.DoorFigures })));

/** The scanner's "Figures by list and type" (issue 38): admitted / expected per check-in list and per type, live. */
export function DoorFiguresDisclosure({ eventId, refreshKey }: { eventId: string; refreshKey: unknown }) {
  return <DisclosureCard title="Figures by list and type">{() => <DoorFigures eventId={eventId} refreshKey={refreshKey} heading="Admitted / expected" />}</DisclosureCard>;
}
