// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { renderRoute } from "~/test/render-route";
import { YourDataSection } from "./your-data-section";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = { userId: "user_ada", email: "ada@example.com" };

function renderCard() {
  renderRoute({
    url: "/profile/edit",
    route: { path: "/profile/edit", Component: () => <YourDataSection profile={profile} /> },
    others: [{ index: true, Component: () => <h1>Home</h1> }],
  });
}

/** The API's answer to the erasure request (the network is the boundary; the card's own code runs as it is). */
function answerErase(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

test("the card offers a plain download link and a form that says what is deleted and kept, and asks for the e-mail and password", async () => {
  renderCard();
  expect(await screen.findByRole("heading", { level: 2, name: "Your data" })).toBeTruthy();
  const download = screen.getByRole("link", { name: "Download my data" });
  expect(download.getAttribute("href")).toBe("/api/me/export");
  const form = screen.getByRole("form", { name: "Delete my account" });
  expect(form.textContent).toContain("Deleted: Your sign-in details");
  expect(form.textContent).toContain("Kept: Orders, tickets, refunds and payouts");
  expect(form.textContent).toContain("6 years");
  expect(form.textContent).toContain("cancel them first");
  expect(screen.getByLabelText("Your e-mail address")).toBeTruthy();
  expect((screen.getByLabelText("Password") as HTMLInputElement).type).toBe("password");
  expect(screen.getByRole("button", { name: "Delete my account" })).toBeTruthy();
});

test("deleting sends the typed e-mail and password, then goes home", async () => {
  const fetch = answerErase(200, { erased: true });
  renderCard();
  fireEvent.change(await screen.findByLabelText("Your e-mail address"), { target: { value: " ada@example.com " } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-password" } });
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeTruthy();
  expect(fetch).toHaveBeenCalledWith("/api/me/erase", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "ada@example.com", password: "secret-password" }) }));
});

test("a refusal (an organiser's upcoming sales) is shown beside the form, and the page stays", async () => {
  answerErase(409, { error: { code: "UPCOMING_EVENTS_WITH_SALES", message: "You organise upcoming events with tickets sold: Midsummer Ceilidh." } });
  renderCard();
  fireEvent.change(await screen.findByLabelText("Your e-mail address"), { target: { value: "ada@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  expect((await screen.findByRole("alert")).textContent).toContain("Midsummer Ceilidh");
  expect(screen.queryByRole("heading", { name: "Home" })).toBeNull();
});

test("without the e-mail typed nothing is sent", async () => {
  const fetch = answerErase(200, { erased: true });
  renderCard();
  fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Type your account's e-mail address to confirm.");
  expect(fetch).not.toHaveBeenCalled();
});
