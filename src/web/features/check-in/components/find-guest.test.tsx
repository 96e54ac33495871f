// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GUEST_SEARCH_NEEDS_CONNECTION, type CheckResult, type GuestSearchResult } from "@domain";
import { FindGuest } from "./find-guest";

const EVENT = { id: "e1", title: "Northern Lights", dateTime: "2027-01-16T19:30:00.000Z" };
const ada: GuestSearchResult = { ticketId: "t1", code: "TCKT-2026-AB12CD34", attendeeName: "Ada Lovelace", maskedEmail: "a***@example.com", ticketType: "Standard", event: EVENT, status: "valid", checkedInAt: null };
const byron: GuestSearchResult = { ...ada, ticketId: "t2", code: "TCKT-2026-0000FFFF", attendeeName: "Ada Byron", maskedEmail: "b***@example.com", status: "refunded" };
const early: GuestSearchResult = { ...ada, ticketId: "t3", code: "TCKT-2026-11112222", attendeeName: "Ada Early", checkedInAt: "2026-11-20T19:42:00.000Z" };

const admitted = (checkedInAt = "2027-01-16T19:42:00.000Z"): CheckResult => ({
  valid: true,
  error: null,
  ticketId: ada.code,
  status: "confirmed",
  alreadyCheckedIn: false,
  checkedInAt,
  event: { id: "e1", title: EVENT.title, date: EVENT.dateTime, venue: "Hall", location: "Leeds", minAge: null },
  attendee: { name: "Ada Lovelace", email: "a***@example.com", tickets: 1 },
});

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

let calls: { url: string; method: string; body: unknown }[];
let answer: (url: string, method: string, body: unknown) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = () => json({ guests: [ada, byron] });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method: init.method ?? "GET", body });
    return answer(url, init.method ?? "GET", body);
  });
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel(props: Partial<Parameters<typeof FindGuest>[0]> = {}) {
  const user = userEvent.setup({ delay: null });
  render(<FindGuest eventId="e1" listId="l1" {...props} />);
  const toggle = screen.getByRole("button", { name: "Find a guest" });
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  await user.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  // The lookup loads when the panel opens (find-guest-panel.tsx, a lazy chunk).
  const field = within(await screen.findByRole("search", { name: "Find a guest" })).getByLabelText("Name, e-mail or ticket code");
  return { user, field };
}

const searches = () => calls.filter((call) => call.url.startsWith("/api/door/guests"));

describe("Find a guest at the scanner (issue 38)", () => {
  it("looks a guest up once typing pauses (2 characters at least), announces what it found and shows only what staff need", async () => {
    const { user, field } = await openPanel();
    await user.type(field, "a");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(searches()).toEqual([]);
    await user.type(field, "da");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("2 guests found"));
    expect(searches().map((call) => call.url)).toEqual(["/api/door/guests?q=ada&eventId=e1"]);

    const list = screen.getByRole("list", { name: "Guests found" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows[0]!.textContent).toContain("a***@example.com");
    expect(rows[0]!.textContent).toContain("Standard · Sat 16 Jan, 19:30 · Northern Lights");
    expect(within(rows[0]!).getByText("Valid")).toBeTruthy();
    // A refunded ticket is found, says so, and cannot be admitted.
    expect(within(rows[1]!).getByText("Refunded")).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button")).toBeNull();
  });

  it("searches every event the door may check when none is chosen, and says when nothing matched", async () => {
    answer = () => json({ guests: [] });
    const { user, field } = await openPanel({ eventId: null });
    await user.type(field, "zz{Enter}");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("No guests found for “zz”."));
    expect(searches()[0]!.url).toBe("/api/door/guests?q=zz");
    expect(screen.queryByRole("list")).toBeNull();
  });

  it("says when a guest was already checked in", async () => {
    answer = () => json({ guests: [early] });
    const { user, field } = await openPanel();
    await user.type(field, "early");
    expect((await screen.findByRole("list", { name: "Guests found" })).textContent).toMatch(/Checked in (Fri 20 Nov, )?19:42/);
  });

  it("admits a found guest with a tap at the door's list, shows the answer as a scan's, and marks the row", async () => {
    const onAdmitted = vi.fn();
    const { user, field } = await openPanel({ onAdmitted });
    await user.type(field, "ada");
    const admit = await screen.findByRole("button", { name: "Admit Ada Lovelace" });
    answer = () => json(admitted());
    await user.click(admit);
    const result = await screen.findByRole("region", { name: "Guest check-in result" });
    expect(within(result).getByText("Ticket valid")).toBeTruthy();
    expect(within(result).getByText("Checked in", { selector: "p" })).toBeTruthy();
    const post = calls.find((call) => call.method === "POST")!;
    expect(post.url).toBe("/api/door/tickets/t1/check-in");
    expect(post.body).toEqual({ listId: "l1", deviceId: expect.any(String), nonce: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(onAdmitted).toHaveBeenCalledWith(admitted());
    expect(within(screen.getByRole("list", { name: "Guests found" })).getAllByRole("listitem")[0]!.textContent).toMatch(/Checked in/);
  });

  it("asks to confirm a ticket for another day, and admits it only when staff say so", async () => {
    const onAdmitted = vi.fn();
    const { user, field } = await openPanel({ onAdmitted });
    await user.type(field, "ada");
    const admit = await screen.findByRole("button", { name: "Admit Ada Lovelace" });
    answer = (_url, _method, body) =>
      (body as { confirm?: boolean }).confirm
        ? json(admitted())
        : json({ ...admitted(null as unknown as string), checkedInAt: null, valid: false, needsConfirmation: true, error: "This ticket is for Sat 16 Jan 2027, 19:30" });
    await user.click(admit);
    const ask = await screen.findByRole("region", { name: "Guest check-in result" });
    expect(within(ask).getByRole("heading", { name: "Not admitted yet" })).toBeTruthy();
    expect(ask.textContent).toContain("This ticket is for Sat 16 Jan 2027, 19:30");
    expect(onAdmitted).not.toHaveBeenCalled();

    await user.click(within(ask).getByRole("button", { name: "Admit anyway" }));
    await within(screen.getByRole("region", { name: "Guest check-in result" })).findByRole("heading", { name: "Ticket valid" });
    const posts = calls.filter((call) => call.method === "POST").map((call) => call.body as { confirm?: boolean; nonce: string });
    expect(posts.map((body) => body.confirm)).toEqual([undefined, true]);
    expect(posts[0]!.nonce).not.toBe(posts[1]!.nonce);
    expect(onAdmitted).toHaveBeenCalledTimes(1);
  });

  it("says the lookup needs a connection when offline, without asking", async () => {
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    const { user, field } = await openPanel();
    await user.type(field, "ada");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(GUEST_SEARCH_NEEDS_CONNECTION));
    expect(searches()).toEqual([]);
  });

  it("says the lookup needs a connection when the server cannot be reached, and shows the server's words when it refuses", async () => {
    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    const { user, field } = await openPanel();
    await user.type(field, "ada");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(GUEST_SEARCH_NEEDS_CONNECTION));

    answer = () => json({ error: { code: "RATE_LIMITED", message: "Too many guest lookups from this door. Please wait 20 seconds and try again, or scan the ticket's QR code." } }, 429, { "retry-after": "20" });
    await user.type(field, "x");
    await waitFor(() => expect(screen.getByRole("status").textContent).toMatch(/^Too many guest lookups from this door/));
  });
});
