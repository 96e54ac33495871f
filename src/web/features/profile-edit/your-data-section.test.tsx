// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { redirect, useActionData } from "react-router";
import { renderRoute } from "~/test/render-route";
import type { EraseAccountAnswer } from "./erase-account";
import { YourDataSection } from "./your-data-section";

afterEach(cleanup);

const profile = { userId: "user_ada", email: "ada@example.com" };

function Card() {
  return <YourDataSection profile={profile} refused={useActionData<EraseAccountAnswer>()} />;
}

/** The card on its page, the action answering as the server's does: erased goes home, else its refusal. */
function renderCard(answer: EraseAccountAnswer | "erased" = "erased") {
  const posted: Record<string, FormDataEntryValue>[] = [];
  renderRoute({
    url: "/profile/edit",
    route: {
      path: "/profile/edit",
      action: async ({ request }: { request: Request }) => {
        posted.push(Object.fromEntries(await request.formData()));
        return answer === "erased" ? redirect("/") : answer;
      },
      Component: Card,
    },
    others: [{ index: true, Component: () => <h1>Home</h1> }],
  });
  return posted;
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

test("deleting posts the typed e-mail and password to the page's action, then goes home", async () => {
  const posted = renderCard();
  fireEvent.change(await screen.findByLabelText("Your e-mail address"), { target: { value: " ada@example.com " } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret-password" } });
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Home" })).toBeTruthy();
  expect(posted).toEqual([{ intent: "erase-account", email: "ada@example.com", password: "secret-password" }]);
});

test("a refusal (an organiser's upcoming sales) is shown beside the form, and the page stays", async () => {
  renderCard({ intent: "erase-account", problem: "You organise upcoming events with tickets sold: Midsummer Ceilidh." });
  fireEvent.change(await screen.findByLabelText("Your e-mail address"), { target: { value: "ada@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  expect((await screen.findByRole("alert")).textContent).toContain("Midsummer Ceilidh");
  expect(screen.queryByRole("heading", { name: "Home" })).toBeNull();
});

test("without the e-mail typed nothing is sent", async () => {
  const posted = renderCard();
  fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Type your account's e-mail address to confirm.");
  expect(posted).toEqual([]);
});
