import { doorAgeCheck, formatEventDate, formatEventTime, type CheckResult, formatDateTime, plural } from "@domain";
import { NOT_FOUND_OR_UNPAID } from "./scan-toasts";

/**
 * The three states a door person must tell apart at a glance (issue 17), plus a validation-only scan
 * (auto check-in off), which looks like 'admitted' but says it is not checked in yet:
 * - admitted: let them in (green);
 * - already: this ticket was used before, do not let a second person in (amber);
 * - refused: not a ticket for this door (red);
 * - confirm: a good ticket for another day or outside its list's hours (amber): staff may admit it anyway (issue 38);
 * - exited: scanned out, to come back in where the list allows re-entry (blue).
 */
export type ResultKind = "admitted" | "valid" | "already" | "refused" | "confirm" | "exited";

/** Which look a result takes: one per state, so 'valid' shares admitted's green. */
export type ResultLook = "go" | "already" | "refused" | "out";

export interface ResultView {
  kind: ResultKind;
  look: ResultLook;
  /** The big word, spec §2 and §8: 'Ticket valid', 'Already checked in' or 'Ticket invalid'. */
  heading: string;
  /** The line under it: 'Checked in', 'Not checked in yet', 'Checked in at …' or the reason for refusing. */
  status: string;
  /** '2 tickets': how many people this ticket lets in; null when refused. */
  tickets: string | null;
}

export function resultKind(result: CheckResult): ResultKind {
  if (!result.valid) return result.needsConfirmation ? "confirm" : "refused";
  if (result.direction === "out") return "exited";
  if (result.alreadyCheckedIn) return "already";
  return result.checkedInAt ? "admitted" : "valid";
}

const LOOKS: Record<ResultKind, ResultLook> = { admitted: "go", valid: "go", already: "already", refused: "refused", confirm: "already", exited: "out" };

/** When the first admission was: its time alone when it was today (UK), readable at arm's length. */
function firstAdmission(checkedInAt: string | null, now: Date): string {
  if (!checkedInAt) return "an earlier scan";
  const today = formatEventDate(checkedInAt) === formatEventDate(now);
  return today ? (formatEventTime(checkedInAt) ?? formatDateTime(checkedInAt)) : formatDateTime(checkedInAt);
}

export function resultView(result: CheckResult, now: Date = new Date()): ResultView {
  const kind = resultKind(result);
  const tickets = kind === "refused" || kind === "confirm" || !result.attendee ? null : plural(result.attendee.tickets, "ticket");
  switch (kind) {
    case "refused":
      return { kind, look: LOOKS[kind], heading: "Ticket invalid", status: result.error || NOT_FOUND_OR_UNPAID, tickets };
    case "confirm":
      return { kind, look: LOOKS[kind], heading: "Not admitted yet", status: result.error ?? "", tickets };
    case "already":
      return {
        kind,
        look: LOOKS[kind],
        heading: "Already checked in",
        status: `Checked in at ${firstAdmission(result.checkedInAt, now)}${result.checkedInList ? ` at ${result.checkedInList}` : ""}${result.checkedInBy ? ` by ${result.checkedInBy}` : ""}`,
        tickets,
      };
    case "exited":
      return { kind, look: LOOKS[kind], heading: "Scanned out", status: "Left the venue", tickets };
    case "admitted":
      return { kind, look: LOOKS[kind], heading: "Ticket valid", status: "Checked in", tickets };
    case "valid":
      return { kind, look: LOOKS[kind], heading: "Ticket valid", status: "Not checked in yet", tickets };
  }
}

/**
 * "18+: check ID" on a ticket that lets someone in to an age-limited event (issue 34): the buyer's age was
 * checked at purchase, but tickets bought for others are only named, so the door checks ID. Null otherwise.
 */
export function ageCheckText(result: CheckResult): string | null {
  if (resultKind(result) === "refused" || resultKind(result) === "already" || result.event?.minAge == null) return null;
  return doorAgeCheck(result.event.minAge);
}
