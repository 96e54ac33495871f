// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { PublicProfile } from "@domain";
import { data } from "react-router";
import { renderRoute } from "~/test/render-route";
import ProfilePage, { ErrorBoundary } from "./profile";

afterEach(cleanup);

const profile = {
  id: "4f8a2c1e-0000-4000-8000-000000000001",
  username: "brixton_jazz",
  displayName: "Brixton Jazz",
  bio: "Live jazz every Friday.",
  location: "London",
  website: "brixtonjazz.example",
  avatarUrl: null,
  activeEventCount: 1,
  events: [],
} as unknown as PublicProfile;

test("a profile page names the organiser, links the website in a new tab and says when nothing is listed", async () => {
  renderRoute({ url: "/profile/brixton_jazz", route: { path: "/profile/:username", loader: () => ({ profile, origin: "http://localhost" }), Component: ProfilePage as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Brixton Jazz" })).toBeTruthy();
  expect(screen.getByRole("link", { name: /brixtonjazz\.example/ }).getAttribute("target")).toBe("_blank");
  expect(screen.getByRole("heading", { name: "No events listed" })).toBeTruthy();
});

test("an unknown username shows 'Profile not found'", async () => {
  renderRoute({
    url: "/profile/nobody",
    route: {
      path: "/profile/:username",
      loader: () => {
        throw data(null, { status: 404 });
      },
      Component: ProfilePage as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
  expect(await screen.findByRole("heading", { name: "Profile not found" })).toBeTruthy();
  expect(screen.getByText(/There is no organiser with that username/)).toBeTruthy();
});
