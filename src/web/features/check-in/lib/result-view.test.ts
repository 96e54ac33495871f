import { describe, expect, it } from "vitest";
import type { CheckInList, CheckResult } from "@domain";
import { shownCounts } from "./check-in-counts";
import { FEEDBACK } from "./feedback";
import { resultKind, resultView } from "./result-view";
import { admittedResult } from "./test-signing-key";

const ADMITTED: CheckResult = admittedResult("e1");

describe("resultView: one unmistakable state per scan (issue 17)", () => {
  it("admits a first scan: 'Ticket valid', checked in, with the tickets it lets in", () => {
    expect(resultView(ADMITTED)).toEqual({ kind: "admitted", look: "go", heading: "Ticket valid", status: "Checked in", tickets: "2 tickets" });
  });

  it("never calls a reused ticket valid: 'Already checked in' with the first check-in's time", () => {
    const view = resultView({ ...ADMITTED, alreadyCheckedIn: true });
    expect(view).toEqual({ kind: "already", look: "already", heading: "Already checked in", status: "Checked in at Thu, 1 Jun 2090, 18:05", tickets: "2 tickets" });
    expect(view.heading).not.toContain("valid");
    expect(resultView({ ...ADMITTED, alreadyCheckedIn: true, checkedInAt: null }).status).toBe("Checked in at an earlier scan");
    // Earlier the same (UK) day: the time alone.
    expect(resultView({ ...ADMITTED, alreadyCheckedIn: true }, new Date("2090-06-01T22:00:00.000Z")).status).toBe("Checked in at 18:05");
  });

  it("refuses with the reason, else 'Ticket not found or unpaid'", () => {
    const refused = { ...ADMITTED, valid: false, error: "This QR code was not issued by Eventora (its signature does not match).", attendee: null, event: null };
    expect(resultView(refused)).toEqual({ kind: "refused", look: "refused", heading: "Ticket invalid", status: refused.error, tickets: null });
    expect(resultView({ ...refused, error: null }).status).toBe("Ticket not found or unpaid");
  });

  it("a refusal wins over everything else the result says", () => {
    expect(resultKind({ ...ADMITTED, valid: false, alreadyCheckedIn: true })).toBe("refused");
  });

  it("a validation-only scan looks like admitted but says it is not checked in yet", () => {
    expect(resultView({ ...ADMITTED, checkedInAt: null })).toMatchObject({ kind: "valid", look: "go", heading: "Ticket valid", status: "Not checked in yet" });
  });

  it("a scan out is its own state: 'Scanned out' in blue with its own sound, never admitted's green (issue 38)", () => {
    expect(resultView({ ...ADMITTED, direction: "out" })).toMatchObject({ kind: "exited", look: "out", heading: "Scanned out", status: "Left the venue" });
    expect(FEEDBACK.out.tones.map((tone) => tone.frequency)).not.toEqual(FEEDBACK.go.tones.map((tone) => tone.frequency));
    expect(FEEDBACK.out.vibration.join(",")).not.toBe(FEEDBACK.go.vibration.join(","));
  });

  it("each state has its own sound and vibration: one high beep, two low beeps, a long buzz", () => {
    expect(FEEDBACK.go.tones).toHaveLength(1);
    expect(FEEDBACK.already.tones).toHaveLength(2);
    expect(FEEDBACK.refused.tones).toHaveLength(1);
    expect(FEEDBACK.go.tones[0]!.frequency).toBeGreaterThan(FEEDBACK.already.tones[0]!.frequency);
    expect(FEEDBACK.refused.tones[0]!.frequency).toBeLessThan(FEEDBACK.already.tones[0]!.frequency);
    expect(FEEDBACK.refused.tones[0]!.length).toBeGreaterThan(FEEDBACK.go.tones[0]!.length * 2);
    const vibrations = [FEEDBACK.go.vibration, FEEDBACK.already.vibration, FEEDBACK.refused.vibration].map((pattern) => pattern.join(","));
    expect(new Set(vibrations).size).toBe(3);
  });
});

describe("shownCounts: the door's 'Admitted X / Y'", () => {
  const list: CheckInList = {
    event: { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", venue: null, location: "Leeds" },
    keys: [],
    tickets: [
      { ticketId: "T-A", bookingId: "b1", attendeeName: "Ada", attendeeEmail: "a@x.test", ticketQuantity: 2, status: "confirmed", checkedInAt: "2090-06-01T17:00:00.000Z" },
      { ticketId: "T-B", bookingId: "b2", attendeeName: "Bea", attendeeEmail: "b@x.test", ticketQuantity: 3, status: "confirmed", checkedInAt: null },
      { ticketId: "T-C", bookingId: "b3", attendeeName: "Cy", attendeeEmail: "c@x.test", ticketQuantity: 1, status: "confirmed", checkedInAt: null },
    ],
    downloadedAt: "2090-06-01T16:00:00.000Z",
  };
  const pendingB = { ticketId: "T-B", eventId: "e1", eventTitle: "Northern Soul Night", attendeeName: "Bea", checkedInAt: "2090-06-01T18:10:00.000Z" };

  it("shows the server's figures for the door's event only", () => {
    expect(shownCounts({ eventId: "e1", server: { eventId: "e1", admitted: 7, expected: 40 }, lists: [], pending: [] })).toEqual({ admitted: 7, expected: 40, local: false });
    expect(shownCounts({ eventId: "e2", server: { eventId: "e1", admitted: 7, expected: 40 }, lists: [], pending: [] })).toBeNull();
  });

  it("adds this device's check-ins not yet synced, in tickets, to the server's figures", () => {
    expect(shownCounts({ eventId: "e1", server: { eventId: "e1", admitted: 7, expected: 40 }, lists: [list], pending: [pendingB] })).toEqual({ admitted: 10, expected: 40, local: true });
  });

  it("opened offline, counts from the downloaded list and the check-ins waiting on this device", () => {
    expect(shownCounts({ eventId: "e1", server: null, lists: [list], pending: [] })).toEqual({ admitted: 2, expected: 6, local: true });
    expect(shownCounts({ eventId: "e1", server: null, lists: [list], pending: [pendingB] })).toEqual({ admitted: 5, expected: 6, local: true });
    expect(shownCounts({ eventId: "e9", server: null, lists: [list], pending: [] })).toBeNull();
  });
});
