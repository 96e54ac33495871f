import { describe, expect, it } from "vitest";
import type { LocalCheckIn } from "@domain";
import { settleSync, syncBatches } from "./sync-bookkeeping";

function local(ticketId: string, eventId: string, checkedInAt: string): LocalCheckIn {
  return { ticketId, eventId, eventTitle: `Event ${eventId}`, attendeeName: `Guest ${ticketId}`, checkedInAt };
}

describe("syncBatches", () => {
  it("makes one body per event, oldest scan first, split at the batch size", () => {
    const pending = [
      local("T3", "e1", "2090-06-01T18:03:00.000Z"),
      local("T1", "e1", "2090-06-01T18:01:00.000Z"),
      local("T9", "e2", "2090-06-01T18:00:00.000Z"),
      local("T2", "e1", "2090-06-01T18:02:00.000Z"),
    ];
    expect(syncBatches(pending, 2)).toEqual([
      { eventId: "e2", body: { checkIns: [{ ticketId: "T9", checkedInAt: "2090-06-01T18:00:00.000Z" }] } },
      { eventId: "e1", body: { checkIns: [{ ticketId: "T1", checkedInAt: "2090-06-01T18:01:00.000Z" }, { ticketId: "T2", checkedInAt: "2090-06-01T18:02:00.000Z" }] } },
      { eventId: "e1", body: { checkIns: [{ ticketId: "T3", checkedInAt: "2090-06-01T18:03:00.000Z" }] } },
    ]);
    expect(syncBatches([])).toEqual([]);
  });
});

describe("settleSync", () => {
  const pending = [local("T1", "e1", "2090-06-01T18:01:00.000Z"), local("T2", "e1", "2090-06-01T18:02:00.000Z"), local("T3", "e1", "2090-06-01T18:03:00.000Z"), local("T4", "e1", "2090-06-01T18:04:00.000Z")];

  it("clears admitted ones, keeps conflicts and invalid ones to show, and leaves unanswered ones waiting", () => {
    const settled = settleSync(pending, [
      { ticketId: "T1", outcome: "admitted", checkedInAt: "2090-06-01T18:01:00.000Z", error: null },
      { ticketId: "T2", outcome: "conflict", checkedInAt: "2090-06-01T17:58:00.000Z", error: "Already checked in" },
      { ticketId: "T3", outcome: "invalid", checkedInAt: null, error: "Ticket not found or unpaid" },
      { ticketId: "T-unknown", outcome: "admitted", checkedInAt: "2090-06-01T18:00:00.000Z", error: null },
    ]);
    expect(settled.settled).toEqual(["T1", "T2", "T3"]);
    expect(settled.checkedIn).toEqual([
      { ticketId: "T1", checkedInAt: "2090-06-01T18:01:00.000Z" },
      { ticketId: "T2", checkedInAt: "2090-06-01T17:58:00.000Z" },
    ]);
    expect(settled.conflicts).toEqual([
      {
        ticketId: "T2",
        eventId: "e1",
        eventTitle: "Event e1",
        attendeeName: "Guest T2",
        outcome: "conflict",
        localCheckedInAt: "2090-06-01T18:02:00.000Z",
        serverCheckedInAt: "2090-06-01T17:58:00.000Z",
        error: "Already checked in",
      },
      {
        ticketId: "T3",
        eventId: "e1",
        eventTitle: "Event e1",
        attendeeName: "Guest T3",
        outcome: "invalid",
        localCheckedInAt: "2090-06-01T18:03:00.000Z",
        serverCheckedInAt: null,
        error: "Ticket not found or unpaid",
      },
    ]);
  });

  it("keeps this device's time when the server sends none for an admitted ticket", () => {
    const settled = settleSync(pending, [{ ticketId: "T4", outcome: "admitted", checkedInAt: null, error: null }]);
    expect(settled.checkedIn).toEqual([{ ticketId: "T4", checkedInAt: "2090-06-01T18:04:00.000Z" }]);
  });
});
