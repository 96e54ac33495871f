// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import EmailTestRoute from "./email-test";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

function open(isAdmin: boolean) {
  renderRoute({ url: "/email-test", user, route: { path: "/email-test", loader: () => ({ email: "ada@example.com", isAdmin }), Component: EmailTestRoute as never } });
}

test("a signed-in user may send a test e-mail to their own address only, and test a ticket e-mail", async () => {
  open(false);
  expect(await screen.findByRole("heading", { level: 1, name: "Manual Email Sender" })).toBeTruthy();
  expect(screen.getByText("You can send only to your own verified address, ada@example.com.")).toBeTruthy();
  expect(screen.getByLabelText("To Email").getAttribute("placeholder")).toBe("ada@example.com");
  expect(screen.getByRole("button", { name: "Send Email" })).toBeTruthy();
  expect(screen.getByLabelText("Booking ID")).toBeTruthy();
  expect(screen.getByRole("radio", { name: /Another way/ })).toHaveProperty("checked", true);
  expect(screen.getByRole("button", { name: "Test Ticket Email" })).toBeTruthy();
  expect(screen.getByRole("complementary", { name: "About this tool" }).textContent).toContain("Only admins may send to other addresses.");
});

test("an admin is told they may send to any address", async () => {
  open(true);
  expect(await screen.findByText("As an admin you may send to any address.")).toBeTruthy();
  expect(screen.getByRole("complementary", { name: "About this tool" }).textContent).toContain("Admins may send to any address.");
});
