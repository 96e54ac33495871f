import "fake-indexeddb/auto";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { REFUNDED_TICKET_MESSAGE, type OfflineCheckInOutcome } from "@domain";
import { forgetOfflineTicketLists } from "~/lib/offline-ticket-lists";
import { openCheckInStore, type CheckInStore } from "./check-in-store";
import { createOfflineScanner, type SendCheckIns } from "./offline-scanner";
import { checkInList, createTestSigningKey, TEST_EVENT, ticketPayload } from "./test-signing-key";
import { createTicketSignatureCheck } from "./ticket-signature";

const stores: CheckInStore[] = [];

async function setUp() {
  const store = await openCheckInStore(`user-${randomUUID()}`);
  stores.push(store);
  const signer = await createTestSigningKey();
  const keys = [signer.key];
  await store.saveList(checkInList([signer.key], [{}, {}, {}]));
  let clock = new Date("2090-06-01T18:00:00.000Z");
  const scanner = createOfflineScanner({ store, verifySignature: createTicketSignatureCheck(), now: () => clock });
  const qr = async (index: number) =>
    JSON.stringify(await signer.sign(ticketPayload(index === 0 ? {} : { ticketId: `TCKT-2090-0000000${index}`, bookingId: `booking-${index + 1}` })));
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * 60_000);
  };
  return { store, scanner, qr, later, keys };
}

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

describe("offline scanner with its IndexedDB store", () => {
  it("admits a ticket once and keeps the check-in on the device", async () => {
    const { store, scanner, qr, later } = await setUp();
    const first = await scanner.check(await qr(0), true);
    expect(first).toMatchObject({ valid: true, alreadyCheckedIn: false, checkedInAt: "2090-06-01T18:00:00.000Z" });
    later(5);
    const second = await scanner.check(await qr(0), true);
    expect(second).toMatchObject({ valid: true, alreadyCheckedIn: true, checkedInAt: "2090-06-01T18:00:00.000Z" });
    expect(await store.pending()).toEqual([
      {
        ticketId: "TCKT-2090-0000AAAA",
        eventId: TEST_EVENT.id,
        eventTitle: TEST_EVENT.title,
        attendeeName: "Ada Lovelace",
        checkedInAt: "2090-06-01T18:00:00.000Z",
        nonce: expect.any(String),
        direction: "in",
        confirmed: false,
      },
    ]);
  });

  it("admits two scans of one ticket racing on the device only once", async () => {
    const { store, scanner, qr } = await setUp();
    const text = await qr(0);
    const results = await Promise.all([scanner.check(text, true), scanner.check(text, true)]);
    expect(results.filter((result) => !result.alreadyCheckedIn)).toHaveLength(1);
    expect(await store.pending()).toHaveLength(1);
  });

  it("syncs: admitted ones leave the queue, a conflict is kept with both times, the list learns the server's time", async () => {
    const { store, scanner, qr, later } = await setUp();
    await scanner.check(await qr(0), true);
    later(1);
    await scanner.check(await qr(1), true);
    later(1);
    await scanner.check(await qr(2), true);
    const sent: { eventId: string; body: Parameters<SendCheckIns>[1] }[] = [];
    const send: SendCheckIns = async (eventId, body): Promise<OfflineCheckInOutcome[]> => {
      sent.push({ eventId, body });
      return [
        { ticketId: "TCKT-2090-0000AAAA", outcome: "admitted", checkedInAt: "2090-06-01T18:00:00.000Z", error: null },
        { ticketId: "TCKT-2090-00000001", outcome: "conflict", checkedInAt: "2090-06-01T17:45:00.000Z", error: null },
        // No answer for the third: it stays waiting.
      ];
    };
    expect(await scanner.sync(send)).toEqual({ admitted: 1, conflicts: 1, invalid: 0, listsRefreshed: 0 });
    expect(sent).toEqual([
      {
        eventId: TEST_EVENT.id,
        body: {
          checkIns: [
            { ticketId: "TCKT-2090-0000AAAA", checkedInAt: "2090-06-01T18:00:00.000Z", nonce: expect.any(String) },
            { ticketId: "TCKT-2090-00000001", checkedInAt: "2090-06-01T18:01:00.000Z", nonce: expect.any(String) },
            { ticketId: "TCKT-2090-00000002", checkedInAt: "2090-06-01T18:02:00.000Z", nonce: expect.any(String) },
          ],
        },
      },
    ]);
    expect((await store.pending()).map((entry) => entry.ticketId)).toEqual(["TCKT-2090-00000002"]);
    expect(await store.conflicts()).toEqual([
      expect.objectContaining({ ticketId: "TCKT-2090-00000001", outcome: "conflict", localCheckedInAt: "2090-06-01T18:01:00.000Z", serverCheckedInAt: "2090-06-01T17:45:00.000Z" }),
    ]);
    const [list] = await store.lists();
    expect(list!.tickets.map((ticket) => ticket.checkedInAt)).toEqual(["2090-06-01T18:00:00.000Z", "2090-06-01T17:45:00.000Z", null]);
    // Synced tickets are still known as checked in for the next offline scan.
    expect(await scanner.check(await qr(1), true)).toMatchObject({ alreadyCheckedIn: true, checkedInAt: "2090-06-01T17:45:00.000Z" });

    await store.dismissConflicts();
    expect(await store.conflicts()).toEqual([]);
  });

  it("runs one sync at a time and keeps everything waiting when the send fails", async () => {
    const { store, scanner, qr } = await setUp();
    await scanner.check(await qr(0), true);
    let calls = 0;
    const failing = async (): Promise<OfflineCheckInOutcome[]> => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new TypeError("Failed to fetch");
    };
    const both = await Promise.allSettled([scanner.sync(failing), scanner.sync(failing)]);
    expect(both.map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
    expect(calls).toBe(1);
    expect(await store.pending()).toHaveLength(1);
  });

  it("records check-in times from online scans, removes lists, and keeps each user's data apart", async () => {
    const { store, scanner, qr } = await setUp();
    await store.markCheckedIn("TCKT-2090-0000AAAA", "2090-06-01T17:00:00.000Z");
    expect(await scanner.check(await qr(0), true)).toMatchObject({ alreadyCheckedIn: true, checkedInAt: "2090-06-01T17:00:00.000Z" });
    const someoneElse = await openCheckInStore(`user-${randomUUID()}`);
    stores.push(someoneElse);
    expect(await someoneElse.lists()).toEqual([]);
    await store.removeList(TEST_EVENT.id);
    expect(await store.lists()).toEqual([]);
    expect(await scanner.check(await qr(0), true)).toMatchObject({ valid: false });
  });

  it("forgets every downloaded ticket list on sign-out but keeps check-ins still to sync", async () => {
    const { store, scanner, qr } = await setUp();
    const other = await setUp();
    await scanner.check(await qr(0), true);
    await forgetOfflineTicketLists();
    expect(await store.lists()).toEqual([]);
    expect(await other.store.lists()).toEqual([]);
    expect(await store.pending()).toHaveLength(1);
  });

  it("learns of tickets refunded since the download on its next sync: the fresh list replaces the old one (issue 19)", async () => {
    const { store, scanner, qr, keys } = await setUp();
    expect(await scanner.check(await qr(1), false)).toMatchObject({ valid: true });
    await scanner.check(await qr(2), true);
    const fresh = checkInList(keys, [{ checkedInAt: "2090-06-01T17:00:00.000Z" }, { status: "refunded", ticketQuantity: 0 }, {}]);
    const fetched: string[] = [];
    const summary = await scanner.sync(
      async () => [{ ticketId: "TCKT-2090-00000002", outcome: "admitted", checkedInAt: "2090-06-01T18:00:00.000Z", error: null }],
      async (eventId) => {
        fetched.push(eventId);
        return fresh;
      },
    );
    expect(summary).toEqual({ admitted: 1, conflicts: 0, invalid: 0, listsRefreshed: 1 });
    expect(fetched).toEqual([TEST_EVENT.id]);
    expect(await store.lists()).toEqual([fresh]);
    expect(await scanner.check(await qr(1), true)).toMatchObject({ valid: false, error: REFUNDED_TICKET_MESSAGE });
    expect(await scanner.check(await qr(0), true)).toMatchObject({ valid: true, alreadyCheckedIn: true, checkedInAt: "2090-06-01T17:00:00.000Z" });
    expect(await store.pending()).toEqual([]);
  });

  it("keeps a list it cannot fetch again as it was", async () => {
    const { store, scanner } = await setUp();
    const before = await store.lists();
    const summary = await scanner.sync(
      async () => [],
      async () => {
        throw new TypeError("Failed to fetch");
      },
    );
    expect(summary).toEqual({ admitted: 0, conflicts: 0, invalid: 0, listsRefreshed: 0 });
    expect(await store.lists()).toEqual(before);
  });
});
