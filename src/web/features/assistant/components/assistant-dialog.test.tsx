// @vitest-environment happy-dom
import "~/test/dialog-close-request";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { closeAssistant } from "../assistant-store";
import { AssistantButton, AssistantHost } from "./assistant-entry";

beforeEach(() => {
  // The server's answer to "which voice?" (GET /api/assistant): the browser's own.
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify({ voice: "browser" }), { headers: { "content-type": "application/json" } }));
});
afterEach(() => {
  closeAssistant();
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader() {
  render(
    <MemoryRouter>
      <AssistantButton />
      <AssistantHost />
    </MemoryRouter>,
  );
  return screen.getByRole("button", { name: "Open Voice Assistant" });
}

// The overlay's code loads on first opening: on a busy machine that can take seconds.
test("the assistant opens as a dialog named Voice Assistant, ready to type in; Escape closes it and focus returns to its button", { timeout: 20_000 }, async () => {
  const opener = renderHeader();
  await userEvent.click(opener);
  const dialog = await screen.findByRole("dialog", { name: "Voice Assistant" }, { timeout: 10_000 });
  expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("Ask about events, tickets, refunds and fees.");
  expect(document.activeElement).toBe(within(dialog).getByLabelText("Your message"));
  await userEvent.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("Close assistant closes it, and focus returns to its button", async () => {
  const opener = renderHeader();
  await userEvent.click(opener);
  const dialog = await screen.findByRole("dialog", { name: "Voice Assistant" }, { timeout: 10_000 });
  await userEvent.click(within(dialog).getByRole("button", { name: "Close assistant" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});
