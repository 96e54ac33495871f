// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import CheckInRoute from "./check-in";

// The scanner's own requests (ticket lists, check-ins) stay unanswered: this test reads the page, not the API.
beforeEach(() => vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("a signed-out visitor is asked to sign in and comes back to the scanner", async () => {
  renderRoute({ url: "/check-in", route: { path: "/check-in", loader: () => ({ ownEvents: null, counts: null }), Component: CheckInRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Authentication Required" })).toBeTruthy();
  expect(screen.getByText("You need to be logged in to access the ticket scanner.")).toBeTruthy();
  expect(screen.getByRole("link", { name: /Sign In/ }).getAttribute("href")).toBe("/auth?redirect=%2Fcheck-in");
});

test("a signed-in organiser gets the ticket scanner, loaded after the page", async () => {
  const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
  renderRoute({ url: "/check-in", user, route: { path: "/check-in", loader: () => ({ ownEvents: [], counts: null }), Component: CheckInRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Ticket Scanner" })).toBeTruthy();
  expect(screen.getByText("Scan the QR code on each ticket to check the attendee in.")).toBeTruthy();
  expect(screen.getByRole("status").textContent).toContain("Loading");
});
