// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import { renderRoute } from "~/test/render-route";

import AuthRoute from "./auth";

afterEach(cleanup);

const openAuth = (url: string) =>
  renderRoute({ url, route: { path: "/auth", loader: () => ({ mailboxPointer: false }), Component: AuthRoute as never } });

test("the Sign In tab asks for an e-mail and a password, and marks the e-mail when it is not one", async () => {
  openAuth("/auth");
  expect(await screen.findByRole("heading", { level: 1, name: "Welcome to Eventora" })).toBeTruthy();
  expect(screen.getByRole("tablist", { name: "Sign in or create an account" })).toBeTruthy();
  expect(screen.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
  expect(screen.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("false");
  expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe("auth-tab-signin");
  const email = screen.getByLabelText("Email");
  expect(screen.getByLabelText("Password").getAttribute("type")).toBe("password");
  expect(screen.getByRole("link", { name: "Forgot your password?" }).getAttribute("href")).toBe("/auth?tab=reset");

  await userEvent.type(email, "not-an-address");
  await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
  expect(await screen.findByText("Please enter a valid email address.", undefined)).toBeTruthy();
  expect(email.getAttribute("aria-invalid")).toBe("true");
  expect(document.activeElement).toBe(email);

  // Typing into the field clears its mark.
  await userEvent.type(email, "@");
  expect(screen.queryByText("Please enter a valid email address.")).toBeNull();
});

test("the Sign Up tab asks for an e-mail, a password of at least six characters and a date of birth", async () => {
  openAuth("/auth?tab=signup");
  expect(await screen.findByRole("tab", { name: "Sign Up" })).toBeTruthy();
  expect(screen.getByRole("tab", { name: "Sign Up" }).getAttribute("aria-selected")).toBe("true");
  expect(screen.getByLabelText("Email")).toBeTruthy();
  const password = screen.getByLabelText("Password");
  expect(screen.getByText("At least 6 characters.")).toBeTruthy();
  expect(screen.getByLabelText("Date of birth").getAttribute("type")).toBe("date");
  expect(screen.getByText("You must be at least 13 years old to create an account")).toBeTruthy();

  await userEvent.click(screen.getByRole("button", { name: "Show password" }));
  expect(password.getAttribute("type")).toBe("text");

  await userEvent.type(screen.getByLabelText("Email"), "new@example.com");
  await userEvent.type(password, "abc");
  await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(await screen.findByText("Password must be at least 6 characters long.", undefined)).toBeTruthy();
  expect(document.activeElement).toBe(password);
});
