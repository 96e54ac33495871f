// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { CodeSummary, SessionUser } from "@domain";
import type { CodesActionResult } from "~/features/dashboard/lib/codes-action-result";
import { renderRoute } from "~/test/render-route";
import CodesRoute from "./dashboard.codes";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const event = {
  id: "1b2c3d4e-5f60-4718-9a0b-1c2d3e4f5a6b",
  title: "Harbour Night",
  dateTime: "2026-12-19T19:30:00.000Z",
  ticketTypes: [
    { id: "3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5", name: "Standard", hidden: false },
    { id: "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70819", name: "Crew", hidden: true },
  ],
};
const summary = (overrides: Partial<CodeSummary>): CodeSummary => ({
  id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a",
  code: "QUARTER",
  eventId: event.id,
  effect: "percent",
  value: 25,
  effectText: "25% off",
  ticketTypeIds: [],
  validFrom: null,
  validUntil: null,
  maxUses: 100,
  maxPerBuyer: 2,
  reservedPlaces: null,
  reservedUnused: 0,
  active: true,
  usesHeld: 1,
  usesConfirmed: 3,
  state: "ok",
  createdAt: "2026-12-01T10:00:00.000Z",
  updatedAt: "2026-12-01T10:00:00.000Z",
  ...overrides,
});
const quarter = summary({});
const crew = summary({
  id: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  code: "CREW",
  effect: "none",
  value: 0,
  effectText: "Unlocks hidden tickets",
  ticketTypeIds: [event.ticketTypes[1]!.id],
  validFrom: "2026-12-24T10:00:00.000Z",
  validUntil: "2027-01-10T12:00:00.000Z",
  maxUses: null,
  maxPerBuyer: null,
  reservedPlaces: 10,
  reservedUnused: 10,
  usesHeld: 0,
  usesConfirmed: 0,
  state: "not-yet",
});
const allEvents = summary({ id: "7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2910", code: "FIVER", eventId: null, effect: "amount", value: 500, effectText: "£5.00 off", maxUses: 10, usesHeld: 0, usesConfirmed: 10, state: "used-up" });

function openCodes({ url = "/dashboard/codes", codes = [quarter, crew, allEvents], editing = null, action }: { url?: string; codes?: CodeSummary[]; editing?: CodeSummary | null; action?: () => CodesActionResult } = {}) {
  renderRoute({
    url,
    user,
    route: { path: "/dashboard/codes", loader: () => ({ codes, events: [event], eventId: null, editing }), action: action ?? (() => null), Component: CodesRoute as never },
  });
}

test("lists each code with its event, effect, types, window in UK time, uses held and sold of its limit, per-buyer limit and state", async () => {
  openCodes();
  const list = await screen.findByRole("list", { name: "Your codes" });
  const [first, second, third] = within(list).getAllByRole("listitem");
  expect(within(first!).getByRole("heading", { name: "QUARTER" })).toBeTruthy();
  expect(first!.textContent).toContain("EventHarbour Night");
  expect(first!.textContent).toContain("Effect25% off");
  expect(first!.textContent).toContain("TypesEvery shown type");
  expect(first!.textContent).toContain("ValidAny time");
  expect(first!.textContent).toContain("Uses3 sold, 1 held of 100");
  expect(first!.textContent).toContain("Per buyerAt most 2");
  expect(first!.textContent).toContain("Active");
  expect(second!.textContent).toContain("EffectUnlocks hidden tickets");
  expect(second!.textContent).toContain("TypesCrew");
  // 24 Dec is GMT; the window is shown in UK time.
  expect(second!.textContent).toContain("Thu, 24 Dec 2026, 10:00 until Sun, 10 Jan 2027, 12:00");
  expect(second!.textContent).toContain("Not yet valid");
  expect(second!.textContent).toContain("Places kept back10 (10 not yet used)");
  expect(first!.textContent).not.toContain("Places kept back");
  expect(second!.textContent).toContain("Uses0 sold, no limit");
  expect(third!.textContent).toContain("EventAll my events");
  expect(third!.textContent).toContain("Used up");
  expect(within(first!).getByRole("button", { name: "Deactivate QUARTER" }).closest("form")!.getAttribute("method")).toBe("post");
  expect(within(first!).getByRole("button", { name: "Delete QUARTER" })).toBeTruthy();
  expect(within(first!).getByRole("link", { name: "Edit QUARTER" }).getAttribute("href")).toBe(`/dashboard/codes?edit=${quarter.id}`);
});

test("the new-code form has every field of a code, and the chosen event's types (hidden ones marked) as checkboxes", async () => {
  openCodes({ codes: [] });
  expect(await screen.findByRole("heading", { name: "No codes yet" })).toBeTruthy();
  const form = screen.getByRole("form", { name: "New code" });
  expect(form.getAttribute("method")).toBe("post");
  for (const label of ["Code", "Event", "What it does", "Percentage off", "Valid from (UK time, optional)", "Valid until (UK time, optional)", "Most tickets in all", "Most tickets per buyer", "Places kept back for this code"]) {
    expect(within(form).getByLabelText(label)).toBeTruthy();
  }
  expect(within(form).queryByRole("checkbox")).toBeNull();
  fireEvent.change(within(form).getByLabelText("Event"), { target: { value: event.id } });
  expect(within(form).getByRole("checkbox", { name: "Standard" })).toBeTruthy();
  expect(within(form).getByRole("checkbox", { name: "Crew (hidden)" })).toBeTruthy();
  fireEvent.change(within(form).getByLabelText("What it does"), { target: { value: "amount" } });
  expect(within(form).getByLabelText("Amount off each ticket (£)")).toBeTruthy();
  fireEvent.change(within(form).getByLabelText("What it does"), { target: { value: "none" } });
  expect(within(form).queryByLabelText(/Percentage off|Amount off|Price of each/)).toBeNull();
});

test("a refusal naming a field is shown beside it, focus goes there, and what was typed is kept", async () => {
  openCodes({
    codes: [],
    action: () => ({
      intent: "create",
      nonce: 1,
      values: { code: "quarter", eventId: "", effect: "percent", value: "250", ticketTypeIds: [], maxUses: "100" },
      errors: { value: "A percentage off must be from 1 to 100" },
    }),
  });
  const form = await screen.findByRole("form", { name: "New code" });
  fireEvent.change(within(form).getByLabelText("Code"), { target: { value: "quarter" } });
  fireEvent.change(within(form).getByLabelText("Percentage off"), { target: { value: "250" } });
  fireEvent.click(within(form).getByRole("button", { name: "Create code" }));
  const error = await screen.findByText("A percentage off must be from 1 to 100");
  const after = screen.getByRole("form", { name: "New code" });
  expect(after.contains(error)).toBe(true);
  const value = within(after).getByLabelText("Percentage off") as HTMLInputElement;
  expect(value.getAttribute("aria-invalid")).toBe("true");
  expect(value.value).toBe("250");
  expect(document.activeElement).toBe(value);
  expect((within(after).getByLabelText("Code") as HTMLInputElement).value).toBe("quarter");
  expect((within(after).getByLabelText("Most tickets in all") as HTMLInputElement).value).toBe("100");
}, 20_000);

test("a used code's delete is refused in words beside it", async () => {
  openCodes({ action: () => ({ intent: "delete", nonce: 2, id: quarter.id, message: "The code QUARTER has been used, so it cannot be deleted: deactivate it instead." }) });
  const list = await screen.findByRole("list", { name: "Your codes" });
  fireEvent.click(within(list).getByRole("button", { name: "Delete QUARTER" }));
  const alert = await screen.findByRole("alert");
  expect(alert.textContent).toBe("The code QUARTER has been used, so it cannot be deleted: deactivate it instead.");
  expect(within(list).getAllByRole("listitem")[0]!.contains(alert)).toBe(true);
});

test("editing a code fills the form with its values, pounds and UK times as typed", async () => {
  openCodes({ url: `/dashboard/codes?edit=${allEvents.id}`, editing: allEvents });
  const form = await screen.findByRole("form", { name: "Edit code FIVER" });
  expect((within(form).getByLabelText("Code") as HTMLInputElement).value).toBe("FIVER");
  expect((within(form).getByLabelText("What it does") as HTMLSelectElement).value).toBe("amount");
  expect((within(form).getByLabelText("Amount off each ticket (£)") as HTMLInputElement).value).toBe("5.00");
  expect((within(form).getByLabelText("Most tickets in all") as HTMLInputElement).value).toBe("10");
  expect(within(form).getByRole("button", { name: "Save code" })).toBeTruthy();
});

test("generated codes come with their CSV to download", async () => {
  openCodes({ action: () => ({ intent: "generate", nonce: 3, done: "2 codes generated: 25% off.", generated: { count: 2, csv: "Code,Effect\r\nAB,25% off\r\n" } }) });
  const form = await screen.findByRole("form", { name: "Generate codes" });
  expect(within(form).getByLabelText("How many codes")).toBeTruthy();
  expect(within(form).getByLabelText("Prefix (optional)")).toBeTruthy();
  fireEvent.click(within(form).getByRole("button", { name: "Generate codes" }));
  const link = await screen.findByRole("link", { name: "Download the 2 codes (CSV)" });
  expect(link.getAttribute("download")).toBe("codes.csv");
  expect(decodeURIComponent(link.getAttribute("href")!)).toBe("data:text/csv;charset=utf-8,Code,Effect\r\nAB,25% off\r\n");
  expect(screen.getByRole("status").textContent).toBe("2 codes generated: 25% off.");
});
