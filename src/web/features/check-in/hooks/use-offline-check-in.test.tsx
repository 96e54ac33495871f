// @vitest-environment happy-dom
import "fake-indexeddb/auto";
import { act, renderHook, waitFor } from "@testing-library/react";
import { randomUUID } from "node:crypto";
import { afterEach, expect, test, vi } from "vitest";
import { toast } from "~/lib/toast";
import { openCheckInStore } from "../lib/check-in-store";
import { checkInList, TEST_EVENT } from "../lib/test-signing-key";
import { useOfflineCheckIn } from "./use-offline-check-in";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

test("a sync asked for while one runs (back online, Sync now) sends once and shows its toast once", async () => {
  const userId = `user-${randomUUID()}`;
  const store = await openCheckInStore(userId);
  await store.saveList(checkInList([], [{}]));
  await store.addPending({ ticketId: "TCKT-2090-0000AAAA", eventId: TEST_EVENT.id, eventTitle: TEST_EVENT.title, attendeeName: "Ada Lovelace", checkedInAt: "2090-06-01T18:00:00.000Z" });
  store.close();

  // The server holds its answer until the second sync has been asked for: a conflict (first scan wins).
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const list = checkInList([], [{ checkedInAt: "2090-06-01T17:45:00.000Z" }]);
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    // After the check-ins, the sync downloads the list again (issue 19: it learns of refunds).
    if (String(url).includes("/check-in-list")) return new Response(JSON.stringify(list), { status: 200, headers: { "content-type": "application/json" } });
    await answered;
    const results = [{ ticketId: "TCKT-2090-0000AAAA", outcome: "conflict", checkedInAt: "2090-06-01T17:45:00.000Z", error: null }];
    return new Response(JSON.stringify({ results }), { status: 200, headers: { "content-type": "application/json" } });
  });
  vi.stubGlobal("fetch", fetch);
  const warning = vi.spyOn(toast, "warning");

  const { result } = renderHook(() => useOfflineCheckIn(userId));
  // Opened with a check-in waiting, the hook syncs by itself.
  const posts = () => fetch.mock.calls.filter(([url]) => String(url).endsWith("/check-ins"));
  await waitFor(() => expect(posts()).toHaveLength(1));
  await act(async () => {
    const second = result.current.sync();
    answer();
    await second;
  });
  await waitFor(() => expect(result.current.conflicts).toHaveLength(1));

  expect(posts()).toHaveLength(1);
  await waitFor(() => expect(result.current.lists).toEqual([list]));
  expect(warning).toHaveBeenCalledTimes(1);
  expect(warning).toHaveBeenCalledWith("Check-ins synced with conflicts", expect.anything());
});
