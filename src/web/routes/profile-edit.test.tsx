// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { OwnProfile, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";

import ProfileEditRoute from "./profile-edit";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
  sellerKind: null,
  companyNumber: null,
  vatTreatment: null,
  sellerDetailsProblems: [
    { field: "businessName", message: "Add your legal or trading name." },
    { field: "vatTreatment", message: "Choose how VAT applies to your tickets, or that you are not VAT-registered." },
  ],
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

test("the seller details say what is missing before paid events can go on sale, and ask a company for its number (issue 34)", async () => {
  renderRoute({ url: "/profile/edit", user, route: { path: "/profile/edit", loader: () => ({ profile }), Component: ProfileEditRoute as never } });
  const section = await screen.findByRole("region", { name: "Seller details" });
  const note = within(section).getByRole("note");
  expect(note.textContent).toContain("Your paid events cannot go on sale until these are added:");
  expect(within(note).getAllByRole("listitem").map((item) => item.textContent)).toEqual(profile.sellerDetailsProblems.map((problem) => problem.message));
  expect(within(section).getByRole("group", { name: "You sell as" })).toBeTruthy();
  expect(within(section).getByLabelText("VAT on your tickets")).toBeTruthy();
  expect(within(section).queryByLabelText("Company number")).toBeNull();
  fireEvent.click(within(section).getByRole("radio", { name: /A business/ }));
  fireEvent.click(within(section).getByRole("checkbox", { name: /We are a company registered at Companies House/ }));
  expect(within(section).getByLabelText("Company number")).toBeTruthy();
});

test("complete seller details are said to be complete", async () => {
  const complete: OwnProfile = { ...profile, businessName: "Ada Events", businessAddress: "1 Engine Row\nLondon\nN1 1AA", sellerKind: "individual", vatTreatment: "not-registered", sellerDetailsProblems: [] };
  renderRoute({ url: "/profile/edit", user, route: { path: "/profile/edit", loader: () => ({ profile: complete }), Component: ProfileEditRoute as never } });
  const section = await screen.findByRole("region", { name: "Seller details" });
  expect(within(section).getByRole("note").textContent).toBe("Your seller details are complete: your paid events can go on sale.");
  expect((within(section).getByRole("radio", { name: "A private individual" }) as HTMLInputElement).checked).toBe(true);
  expect((within(section).getByLabelText("Legal or trading name") as HTMLInputElement).value).toBe("Ada Events");
});

test("a username the server would refuse is refused before saving, in the spec's words", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify(profile), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  renderRoute({ url: "/profile/edit", user, route: { path: "/profile/edit", loader: () => ({ profile }), Component: ProfileEditRoute as never } });
  const username = await screen.findByLabelText("Username");
  fireEvent.change(username, { target: { value: "ada lovelace" } });
  fireEvent.click(screen.getByRole("button", { name: "Save Profile" }));
  expect(await screen.findByText("Username can only contain letters, numbers, and underscores")).toBeTruthy();
  expect(username.getAttribute("aria-invalid")).toBe("true");
  await waitFor(() => expect(document.activeElement).toBe(username));
  // Not left pending once the check has refused the form.
  expect(screen.getByRole("button", { name: "Save Profile" }).hasAttribute("disabled")).toBe(false);
  expect(fetch).not.toHaveBeenCalled();
});
