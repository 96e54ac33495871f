// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { data } from "react-router";
import type { EventListResult } from "@domain";
import { parseEventsSearch } from "~/features/events/list-query";
import { anEvent } from "~/test/events";
import { renderRoute } from "~/test/render-route";
import EventsRoute, { ErrorBoundary } from "./events";

afterEach(cleanup);

const stats = { events: 12, locations: 4, categories: 5 };

function openEvents(url: string, result: EventListResult) {
  renderRoute({
    url,
    route: {
      path: "/events",
      loader: ({ request }) => ({ state: parseEventsSearch(new URL(request.url).searchParams), result, url: `http://localhost${url}` }),
      Component: EventsRoute as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
}

test("a search with a category shows the query, the open filters, the active filters and the matching events", async () => {
  openEvents("/events?q=jazz&category=music", { events: [anEvent()], total: 1, page: 1, pageSize: 12, stats });
  expect(await screen.findByRole("heading", { level: 1, name: "All Events" })).toBeTruthy();
  expect((screen.getByRole("searchbox", { name: "Search events by title, description or location" }) as HTMLInputElement).value).toBe("jazz");
  expect(screen.getByRole("button", { name: /Hide Filters/ }).getAttribute("aria-expanded")).toBe("true");
  expect(screen.getByRole("button", { name: /Remove filter: .*jazz/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: /Remove filter: Music/ })).toBeTruthy();
  expect(screen.getByRole("status").textContent).toBe("Showing 1 of 1 event");
  expect(screen.getByRole("link", { name: /Jazz Night/ }).getAttribute("href")).toBe("/events/6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e");
  expect(screen.getByRole("button", { name: /Clear Filters/ })).toBeTruthy();
});

test("a search that matches nothing says so", async () => {
  openEvents("/events?q=zzz", { events: [], total: 0, page: 1, pageSize: 12, stats });
  expect((await screen.findByRole("status")).textContent).toBe("Showing 0 of 0 events");
  expect(screen.getByRole("button", { name: /Show Filters/ }).getAttribute("aria-expanded")).toBe("false");
  expect(screen.getByRole("heading", { name: "No Events Match Your Filters" })).toBeTruthy();
});

test("a failed list shows the server's message and Try again", async () => {
  renderRoute({
    url: "/events",
    route: {
      path: "/events",
      loader: () => {
        throw data({ message: "Events are unavailable right now" }, { status: 503 });
      },
      Component: EventsRoute as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
  expect((await screen.findByRole("alert")).textContent).toContain("Events are unavailable right now");
  expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
});
