import { useState } from "react";
import type { ScannerEvent } from "@domain";

/**
 * The organiser's events as the page's loader last gave them: it gives none while the server cannot be
 * reached, and the last ones are kept. (The page is read again when the connection comes back: see
 * useCheckInCounts.)
 */
export function useOwnEvents(loaded: ScannerEvent[] | null): ScannerEvent[] | null {
  const [known, setKnown] = useState(loaded);
  if (loaded && loaded !== known) setKnown(loaded);
  return known;
}
