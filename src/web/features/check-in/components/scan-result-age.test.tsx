// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { checkTicketOffline, type CheckResult } from "@domain";
import type { ScanOutcome } from "../hooks/use-ticket-scan";
import { createTicketSignatureCheck } from "../lib/ticket-signature";
import { admittedResult, checkInList, createTestSigningKey, ticketPayload } from "../lib/test-signing-key";
import { ScanResultCard } from "./scan-result-card";
import { ScanResultOverlay } from "./scan-result-overlay";

afterEach(cleanup);

const outcome = (result: CheckResult, checkedOffline = false): ScanOutcome => ({ scanned: "", code: result.ticketId ?? "", result, checkedOffline, serial: 1 });
const adults = (result: CheckResult): CheckResult => ({ ...result, event: { ...result.event!, minAge: 18 } });

function overlay(result: CheckResult, checkedOffline = false) {
  render(<ScanResultOverlay outcome={outcome(result, checkedOffline)} canCheckInManually={false} checking={false} onCheckInManually={() => {}} onDismiss={() => {}} />);
  return screen.getByRole("alert");
}

describe("the door shows an event's age limit on an admitted ticket (issue 34)", () => {
  it("says '18+: check ID' on the full-screen result and the result card of an 18+ event", () => {
    expect(within(overlay(adults(admittedResult("e1")))).getByText("18+: check ID")).toBeTruthy();
    cleanup();
    render(<ScanResultCard outcome={outcome(adults(admittedResult("e1")))} checking={false} />);
    expect(within(screen.getByRole("region", { name: "Scan result" })).getByText("18+: check ID")).toBeTruthy();
  });

  it("says nothing of age for an event without a limit, a reused ticket or a refused one", () => {
    expect(within(overlay(admittedResult("e1"))).queryByText(/check ID/)).toBeNull();
    cleanup();
    expect(within(overlay({ ...adults(admittedResult("e1")), alreadyCheckedIn: true })).queryByText(/check ID/)).toBeNull();
    cleanup();
    expect(within(overlay({ ...adults(admittedResult("e1")), valid: false, error: "Ticket not found or unpaid" })).queryByText(/check ID/)).toBeNull();
  });

  it("shows it for a ticket admitted offline from a downloaded 18+ list", async () => {
    const signer = await createTestSigningKey();
    const list = checkInList([signer.key]);
    const { result } = await checkTicketOffline({
      text: JSON.stringify(await signer.sign(ticketPayload())),
      lists: [{ ...list, event: { ...list.event, minAge: 18 } }],
      localCheckIns: [],
      checkIn: true,
      now: new Date("2090-06-01T18:05:00.000Z"),
      verifySignature: createTicketSignatureCheck(),
    });
    const shown = overlay(result, true);
    expect(within(shown).getByText("18+: check ID")).toBeTruthy();
    expect(within(shown).getByText(/Checked offline/)).toBeTruthy();
  });
});
