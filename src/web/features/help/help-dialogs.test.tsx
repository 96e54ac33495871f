// @vitest-environment happy-dom
import "~/test/dialog-close-request";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, expect, test } from "vitest";
import { BRAND } from "@domain";
import HelpRoute from "~/routes/help";
import { renderRoute } from "~/test/render-route";
import { HelpFaq } from "./help-faq";
import { HELP_FAQ } from "./help-faq-content";

afterEach(() => {
  cleanup();
  document.body.innerHTML = "";
});

test("Email Us opens the Email Support alert, named by its title; Escape closes it and focus returns to Email Us", async () => {
  renderRoute({ url: "/help", route: { path: "/help", Component: HelpRoute as never } });
  const opener = await screen.findByRole("button", { name: "Email Us" });
  await userEvent.click(opener);
  const alert = screen.getByRole("alertdialog", { name: "Email Support" });
  expect(document.getElementById(alert.getAttribute("aria-describedby")!)?.textContent).toBe("Write to our support team at:");
  expect(within(alert).getByText(BRAND.supportEmail)).toBeTruthy();
  await userEvent.keyboard("{Escape}");
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("a press on the Email Support backdrop closes it; its Close button does too", async () => {
  renderRoute({ url: "/help", route: { path: "/help", Component: HelpRoute as never } });
  const opener = await screen.findByRole("button", { name: "Email Us" });
  await userEvent.click(opener);
  await userEvent.pointer({ keys: "[MouseLeft]", target: screen.getByRole("alertdialog"), coords: { clientX: 5, clientY: 5 } });
  expect(screen.queryByRole("alertdialog")).toBeNull();
  await userEvent.click(opener);
  await userEvent.click(within(screen.getByRole("alertdialog", { name: "Email Support" })).getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("the FAQ works from the server's HTML: 11 closed questions that open one at a time, answers in the page", () => {
  document.body.innerHTML = renderToString(
    <MemoryRouter>
      <HelpFaq />
    </MemoryRouter>,
  );
  const questions = Array.from(document.querySelectorAll("details"));
  expect(questions).toHaveLength(11);
  for (const [index, details] of questions.entries()) {
    const item = HELP_FAQ[index]!;
    expect(details.open).toBe(false);
    // One name for all: the browser closes the open one when another opens.
    expect(details.getAttribute("name")).toBe("help-faq");
    expect(details.querySelector("summary h3")?.textContent).toBe(item.question);
    expect(details.textContent).toContain(item.answer);
  }
});
