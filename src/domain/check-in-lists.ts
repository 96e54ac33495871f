import { listCoversType, type DoorList } from "./door";
import { londonClock } from "./london-time";

/** At most this many check-in lists per event (the default list included). */
export const MAX_CHECK_IN_LISTS = 20;
export const CHECK_IN_LIST_NAME_MAX = 60;
/** The scan log's page: newest first, this many at a time. */
export const SCAN_LOG_PAGE_SIZE = 100;

export const SCAN_RESULTS = ["admitted", "exited", "refused"] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];
export const SCAN_RESULT_LABELS: Record<ScanResult, string> = { admitted: "Admitted", exited: "Exited", refused: "Refused" };

/**
 * Pure helpers of the check-in lists (issue 38): a list's door figures from its types', the door time in
 * words, and the scan log's "who" filter values.
 */

export interface TypeFigures {
  id: string;
  admitted: number;
  expected: number;
}

/** A list's admitted / expected: the sums over the types it covers (listCoversType). */
export function listFigures(list: Pick<DoorList, "ticketTypeIds">, types: readonly TypeFigures[]): { admitted: number; expected: number } {
  let admitted = 0;
  let expected = 0;
  for (const type of types) {
    if (!listCoversType(list, type.id)) continue;
    admitted += type.admitted;
    expected += type.expected;
  }
  return { admitted, expected };
}

/** "3 hours 30 minutes before the start", "At the start". */
export function doorOpensText(minutesBefore: number): string {
  if (minutesBefore === 0) return "At the start";
  const days = Math.floor(minutesBefore / 1440);
  const hours = Math.floor((minutesBefore % 1440) / 60);
  const minutes = minutesBefore % 60;
  const parts = [
    days ? `${days} ${days === 1 ? "day" : "days"}` : "",
    hours ? `${hours} ${hours === 1 ? "hour" : "hours"}` : "",
    minutes ? `${minutes} ${minutes === 1 ? "minute" : "minutes"}` : "",
  ].filter(Boolean);
  return `${parts.join(" ")} before the start`;
}

/** Who made a scan, as the log's filter names them: a door access (a staff member's or a link), else a user, else the label alone. */
export type ScanWho = { kind: "access"; id: string } | { kind: "user"; id: string } | { kind: "label"; label: string };

export function scanWhoValue(scan: { doorAccessId: string | null; userId: string | null; byLabel: string }): string {
  if (scan.doorAccessId) return `access:${scan.doorAccessId}`;
  if (scan.userId) return `user:${scan.userId}`;
  return `label:${scan.byLabel}`;
}

/** The filter value read back; null when it is none of the three. */
export function parseScanWho(value: string): ScanWho | null {
  const at = value.indexOf(":");
  if (at < 0) return null;
  const kind = value.slice(0, at);
  const rest = value.slice(at + 1);
  if (!rest) return null;
  if (kind === "access" && /^[0-9a-f-]{36}$/i.test(rest)) return { kind, id: rest };
  if (kind === "user") return { kind, id: rest };
  if (kind === "label") return { kind, label: rest };
  return null;
}

const two = (n: number) => String(n).padStart(2, "0");

/** A scan's time as the log and its CSV show it: UK date and time to the second, "02/12/2026 19:30:05". */
export function scanTimeText(value: Date | string): string {
  const uk = londonClock(new Date(value));
  return `${two(uk.getUTCDate())}/${two(uk.getUTCMonth() + 1)}/${uk.getUTCFullYear()} ${two(uk.getUTCHours())}:${two(uk.getUTCMinutes())}:${two(uk.getUTCSeconds())}`;
}
