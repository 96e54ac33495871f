// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { DashboardEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute, { ErrorBoundary } from "./dashboard";

// The page's own requests (attendees, the organiser's events) stay unanswered: this test reads the page, not the API.
beforeEach(() => vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

// The one event the organiser has created, on sale and not yet sold.
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1500, maxAttendees: null, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 0, revenuePence: 0,
  hasBookings: false, previousDateTime: null, cancellation: null };

const dashboard = {
  events: [event],
  attendeeEvents: { upcoming: [event], past: [] },
  sales: { recentSales: [], perEvent: [], daily: [], totals: { revenuePence: 0, ticketsSold: 0, bookings: 0 } },
  bookings: [],
};

test("an organiser's dashboard shows how to check in at the door and their events under four tabs", async () => {
  renderRoute({ url: "/dashboard", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "QR Code Check-In" })).toBeTruthy();
  expect(screen.getByRole("link", { name: /Open Scanner/ }).getAttribute("href")).toBe("/check-in");
  const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
  expect(tabs).toEqual(["My Events", "Sales Analytics", "My Bookings", "Attendee Management"]);
  expect(screen.getAllByText("Northern Soul Night").length).toBeGreaterThan(0);
});

test("the attendee tab offers the ticket viewer and the resender with its two ways", async () => {
  renderRoute({ url: "/dashboard?tab=attendees", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  expect(await screen.findByRole("heading", { name: "Ticket Viewer" })).toBeTruthy();
  expect(screen.getByLabelText("Booking ID, ticket code or Stripe session ID")).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Resend Ticket" })).toBeTruthy();
  const ways = [...screen.getByLabelText("How to send").querySelectorAll("option")].map((option) => option.textContent);
  expect(ways).toEqual(["Usual way (default)", "Another way"]);
});

test("a dashboard that could not load says so", async () => {
  renderRoute({
    url: "/dashboard",
    user,
    route: {
      path: "/dashboard",
      loader: () => {
        throw new Error("database down");
      },
      Component: DashboardRoute as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
  expect(await screen.findByRole("heading", { name: "Failed to fetch events" })).toBeTruthy();
});
