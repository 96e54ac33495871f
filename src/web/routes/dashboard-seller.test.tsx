// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute from "./dashboard";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

// The frame's loader says whether the organiser has paid events on sale without their seller details
// (services.server.ts paidEventsWaitingForSellerDetails; its rule is tested against the database).
function openDashboard(paidEventsWaiting: boolean) {
  renderRoute({ url: "/dashboard", user, route: { path: "/dashboard", loader: () => ({ paidEventsWaiting }), Component: DashboardRoute as never } });
}

test("an organiser with a paid event and no seller details is told it is not on sale, with the way to add them (issue 34)", async () => {
  openDashboard(true);
  await screen.findByRole("heading", { level: 1, name: "Dashboard" });
  const note = screen.getByRole("note");
  expect(note.textContent).toContain("Your paid events are not on sale yet:");
  expect(within(note).getByRole("link", { name: "Add your seller details" }).getAttribute("href")).toBe("/profile/edit");
});

test("nothing is said when no paid event is waiting", async () => {
  openDashboard(false);
  await screen.findByRole("heading", { level: 1, name: "Dashboard" });
  expect(screen.queryByRole("link", { name: "Add your seller details" })).toBeNull();
});
