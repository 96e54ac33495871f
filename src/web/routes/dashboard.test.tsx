// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute, { ErrorBoundary, loader, shouldRevalidate } from "./dashboard";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

const section = (name: string) => () => <h2>{name} section</h2>;

/** The frame at `url`, a stand-in for each section under it. */
function openDashboard(url: string, frame: { paidEventsWaiting: boolean } = { paidEventsWaiting: false }) {
  const layout = {
    path: "/dashboard",
    loader: () => frame,
    Component: DashboardRoute as never,
    ErrorBoundary: ErrorBoundary as never,
    children: [
      { index: true, Component: section("My Events") },
      { path: "sales", Component: section("Sales") },
      { path: "bookings", Component: section("Bookings") },
      { path: "attendees", Component: section("Attendees") },
      { path: "payouts", Component: section("Payouts") },
    ],
  };
  return renderRoute({ url, user, route: layout });
}

test("the dashboard shows how to check in at the door, then its six sections as links, the current one marked", async () => {
  openDashboard("/dashboard");
  expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "QR Code Check-In" })).toBeTruthy();
  expect(screen.getByRole("link", { name: /Open Scanner/ }).getAttribute("href")).toBe("/check-in");
  const nav = screen.getByRole("navigation", { name: "Dashboard sections" });
  const links = within(nav).getAllByRole("link");
  expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["My Events", "/dashboard"],
    ["Sales Analytics", "/dashboard/sales"],
    ["My Bookings", "/dashboard/bookings"],
    ["Attendee Management", "/dashboard/attendees"],
    ["Codes", "/dashboard/codes"],
    ["Waiting Lists", "/dashboard/waiting-list"],
    ["Door team", "/dashboard/door-team"],
    ["Check-in", "/dashboard/check-in"],
    ["Payouts", "/dashboard/payouts"],
  ]);
  expect(links.filter((link) => link.getAttribute("aria-current") === "page").map((link) => link.textContent)).toEqual(["My Events"]);
  expect(screen.getByRole("heading", { name: "My Events section" })).toBeTruthy();
});

test("a section's link opens that section and becomes the current one", async () => {
  openDashboard("/dashboard");
  await userEvent.click(await screen.findByRole("link", { name: "Sales Analytics" }));
  expect(await screen.findByRole("heading", { name: "Sales section" })).toBeTruthy();
  const current = within(screen.getByRole("navigation", { name: "Dashboard sections" }))
    .getAllByRole("link")
    .filter((link) => link.getAttribute("aria-current") === "page");
  expect(current.map((link) => link.textContent)).toEqual(["Sales Analytics"]);
});

test("Payouts stays the current section on Stripe's way back (/dashboard/payouts/return)", async () => {
  openDashboard("/dashboard/payouts");
  const payouts = await screen.findByRole("link", { name: "Payouts" });
  expect(payouts.getAttribute("aria-current")).toBe("page");
  expect(screen.getByRole("link", { name: "My Events" }).getAttribute("aria-current")).toBeNull();
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

// The loader answers an old address before it reads anything, so no services are needed here.
const oldAddress = async (path: string) => {
  const url = new URL(path, "https://eventora.test");
  try {
    await loader({ url, request: new Request(url), context: {} as never, params: {} } as never);
  } catch (thrown) {
    return thrown as Response;
  }
  throw new Error("no redirect");
};

test("the old ?tab= addresses move to their section's own address, other parameters kept", async () => {
  for (const [from, to] of [
    ["/dashboard?tab=sales", "/dashboard/sales"],
    ["/dashboard?tab=bookings", "/dashboard/bookings"],
    ["/dashboard?tab=payouts", "/dashboard/payouts"],
    ["/dashboard?tab=events", "/dashboard"],
    ["/dashboard?tab=attendees&event=e1", "/dashboard/attendees?event=e1"],
  ]) {
    const answer = await oldAddress(from!);
    expect(answer.status, from).toBe(301);
    expect(answer.headers.get("Location"), from).toBe(to);
  }
});

test("moving between sections does not read the frame again; a revalidation or a post does", () => {
  const at = (path: string) => new URL(path, "https://eventora.test");
  const args = (currentUrl: URL, nextUrl: URL, formMethod?: "POST") => ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate: true }) as never;
  expect(shouldRevalidate(args(at("/dashboard"), at("/dashboard/sales")))).toBe(false);
  expect(shouldRevalidate(args(at("/dashboard/attendees?event=a"), at("/dashboard/attendees?event=b")))).toBe(false);
  expect(shouldRevalidate(args(at("/dashboard/sales"), at("/dashboard/sales")))).toBe(true);
  expect(shouldRevalidate(args(at("/dashboard"), at("/dashboard?index"), "POST"))).toBe(true);
});

test("every section is private to a shared cache and kept out of search engines", async () => {
  const modules = await Promise.all([import("./dashboard"), import("./dashboard._index"), import("./dashboard.sales"), import("./dashboard.bookings"), import("./dashboard.attendees"), import("./dashboard.payouts"), import("./payouts")]);
  for (const module of modules) {
    expect((module.headers as () => Record<string, string>)()).toEqual({ "Cache-Control": "private, no-store" });
    expect((module.meta as () => Record<string, string>[])()).toContainEqual({ name: "robots", content: "noindex" });
  }
});
