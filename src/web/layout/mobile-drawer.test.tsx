// @vitest-environment happy-dom
import "~/test/dialog-close-request";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type { SessionUser } from "@domain";
import { closeAssistant } from "~/features/assistant/assistant-store";
import { renderRoute } from "~/test/render-route";
import { SiteHeader } from "./site-header";

afterEach(() => {
  closeAssistant();
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader(user: SessionUser | null = null) {
  renderRoute({
    url: "/help",
    user,
    route: { path: "/help", Component: () => (<><SiteHeader /><h1>Help Centre</h1></>) },
    others: [
      { path: "/events", Component: () => (<><SiteHeader /><h1>All events</h1></>) },
      { path: "/profile/edit", Component: () => (<><SiteHeader /><h1>Edit your profile</h1></>) },
    ],
  });
}

async function openMenu() {
  const menuButton = await screen.findByRole("button", { name: "Open menu" });
  await userEvent.click(menuButton);
  return { menuButton, menu: await screen.findByRole("dialog", { name: "Menu" }) };
}

test("the menu is a dialog named Menu whose links navigate and close it", async () => {
  renderHeader();
  const { menu } = await openMenu();
  const nav = within(menu).getByRole("navigation", { name: "Mobile" });
  expect(within(nav).getAllByRole("link").map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
    ["Home", "/"],
    ["Events", "/events"],
    ["Categories", "/categories"],
    ["Sell Tickets", "/sell"],
    ["Help", "/help"],
    ["Resend Ticket", "/resend-ticket"],
    ["Create Images", "/video-creator"],
  ]);
  expect(within(menu).getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth");
  await userEvent.click(within(nav).getByRole("link", { name: "Events" }));
  expect(await screen.findByRole("heading", { level: 1, name: "All events" })).toBeTruthy();
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("signed in, the menu's account links work too", async () => {
  renderHeader({ id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser);
  const { menu } = await openMenu();
  expect(within(menu).getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/dashboard");
  await userEvent.click(within(menu).getByRole("link", { name: "Edit Profile" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Edit your profile" })).toBeTruthy();
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("Escape closes the menu and focus returns to the menu button", async () => {
  renderHeader();
  const { menuButton } = await openMenu();
  await userEvent.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(menuButton);
});

test("Close menu closes it and focus returns to the menu button", async () => {
  renderHeader();
  const { menu, menuButton } = await openMenu();
  await userEvent.click(within(menu).getByRole("button", { name: "Close menu" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(menuButton);
});

test("Voice Assistant in the menu swaps the menu for the assistant; closing it returns focus to the menu button", { timeout: 20_000 }, async () => {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ voice: "browser" }), { headers: { "content-type": "application/json" } }));
  renderHeader();
  const { menu, menuButton } = await openMenu();
  await userEvent.click(within(menu).getByRole("button", { name: "Voice Assistant" }));
  const assistant = await screen.findByRole("dialog", { name: "Voice Assistant" }, { timeout: 10_000 });
  expect(screen.queryByRole("dialog", { name: "Menu" })).toBeNull();
  await userEvent.click(within(assistant).getByRole("button", { name: "Close assistant" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(menuButton);
});
