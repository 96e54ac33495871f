// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import type { DashboardEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import VideoCreatorRoute from "./video-creator";

afterEach(() => cleanup());

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

const event = {
  id: "e1",
  title: "Jazz Night at the Roundhouse",
  dateTime: "2090-12-05T19:30:00.000Z",
  endTime: null,
  location: "London",
  category: "music",
  businessType: null,
  status: "active",
  pricePence: 1500,
  maxAttendees: 100,
  imageUrl: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  ticketsSold: 0,
  ticketIncomePence: 0,
  netDuePence: 0,
  hasBookings: false,
  previousDateTime: null,
  cancellation: null,
} as DashboardEvent;

const route = (ownEvents: DashboardEvent[]) => ({ path: "/video-creator", loader: () => ({ aiConfigured: false, ownEvents }), Component: VideoCreatorRoute as never });

test("the organiser's events from the loader are there to start an image from, at first paint", async () => {
  renderRoute({ url: "/video-creator", user, route: route([event]) });
  expect(await screen.findByRole("heading", { level: 1, name: "AI Image Creator" })).toBeTruthy();
  const start = screen.getByRole("combobox", { name: "Start from one of your events" });
  expect(Array.from(start.querySelectorAll("option"), (option) => option.textContent)).toEqual(["Type the details myself", expect.stringContaining("Jazz Night at the Roundhouse")]);
  await userEvent.selectOptions(start, "e1");
  expect((screen.getByLabelText("Event Title") as HTMLInputElement).value).toBe("Jazz Night at the Roundhouse");
});

test("an organiser without events types the details themselves", async () => {
  renderRoute({ url: "/video-creator", user, route: route([]) });
  expect(await screen.findByRole("heading", { level: 1, name: "AI Image Creator" })).toBeTruthy();
  expect(screen.queryByRole("combobox", { name: "Start from one of your events" })).toBeNull();
  expect(screen.getByLabelText("Event Title")).toBeTruthy();
});
