// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { OwnProfile, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";

import ProfileEditRoute from "./profile-edit";

afterEach(cleanup);

const user: SessionUser = {
  id: "4f8a2c1e-0000-4000-8000-000000000002",
  email: "ada@example.com",
  emailConfirmed: true,
  phoneNumber: null,
  username: "ada",
  displayName: "Ada Lovelace",
  avatarUrl: null,
  isAdmin: false,
  checkoutName: "Ada Lovelace",
};

const profile: OwnProfile = {
  userId: user.id,
  email: user.email,
  username: "ada",
  displayName: "Ada Lovelace",
  bio: "Evenings of poetry and engines.",
  avatarUrl: null,
  location: "London",
  website: null,
  dateOfBirth: null,
  businessName: null,
  businessAddress: null,
  vatNumber: null,
};

test("a signed-in user edits their own profile: a link to their page, who they are signed in as, and the filled fields", async () => {
  renderRoute({ url: "/profile/edit", user, route: { path: "/profile/edit", loader: () => ({ profile }), Component: ProfileEditRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Edit Profile" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "@ada" }).getAttribute("href")).toBe("/profile/ada");
  expect(screen.getByText("ada@example.com")).toBeTruthy();
  expect((screen.getByLabelText("Username") as HTMLInputElement).value).toBe("ada");
  expect((screen.getByLabelText("Display name") as HTMLInputElement).value).toBe("Ada Lovelace");
  expect((screen.getByLabelText("Bio") as HTMLTextAreaElement).value).toBe("Evenings of poetry and engines.");
  expect((screen.getByLabelText("Location") as HTMLInputElement).value).toBe("London");
  expect(screen.getByRole("button", { name: "Back" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Save Profile" })).toBeTruthy();
});

test("without a username the page says to choose one", async () => {
  renderRoute({
    url: "/profile/edit",
    user,
    route: { path: "/profile/edit", loader: () => ({ profile: { ...profile, username: null } }), Component: ProfileEditRoute as never },
  });
  expect(await screen.findByText(/Choose a username to get your own public page\./, undefined)).toBeTruthy();
  expect(screen.queryByRole("link", { name: "@ada" })).toBeNull();
});
