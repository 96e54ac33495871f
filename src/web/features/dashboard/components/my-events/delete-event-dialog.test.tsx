// @vitest-environment happy-dom
import "~/test/dialog-close-request";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { afterEach, expect, test } from "vitest";
import { DeleteEventDialog } from "./delete-event-dialog";

afterEach(cleanup);

const event = { id: "e1", title: "Northern Soul Night" };
const backdropPress = (dialog: HTMLElement) => userEvent.pointer({ keys: "[MouseLeft]", target: dialog, coords: { clientX: 5, clientY: 5 } });

/** The My Events list around the delete question: `deleting` holds the answer pending; deleting moves focus to the heading. */
function DeleteHarness({ deleting = false }: { deleting?: boolean }) {
  const [toDelete, setToDelete] = useState<typeof event | null>(null);
  const deleted = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h2 ref={heading} tabIndex={-1}>
        My Events
      </h2>
      <button type="button" onClick={() => setToDelete(event)}>
        Delete {event.title}
      </button>
      <DeleteEventDialog
        event={toDelete}
        deleting={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          deleted.current = true;
          setToDelete(null);
        }}
        onCloseAutoFocus={(focusEvent) => {
          if (!deleted.current) return;
          focusEvent.preventDefault();
          heading.current?.focus();
        }}
      />
    </>
  );
}

test("Delete asks in an alert dialog named by its question, starting on Cancel; a backdrop press is no answer, Escape cancels", async () => {
  render(<DeleteHarness />);
  const opener = screen.getByRole("button", { name: "Delete Northern Soul Night" });
  await userEvent.click(opener);
  const dialog = screen.getByRole("alertdialog", { name: "Delete this event?" });
  expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toContain("Northern Soul Night will be removed from your events");
  expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
  await backdropPress(dialog);
  expect(screen.getByRole("alertdialog", { name: "Delete this event?" })).toBe(dialog);
  await userEvent.keyboard("{Escape}");
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("while the event is being deleted, Escape does not close the question", async () => {
  render(<DeleteHarness deleting />);
  await userEvent.click(screen.getByRole("button", { name: "Delete Northern Soul Night" }));
  await userEvent.keyboard("{Escape}");
  expect(screen.getByRole("alertdialog", { name: "Delete this event?" })).toBeTruthy();
});

test("once deleted, focus goes where the list puts it, not to the Delete button that has gone", async () => {
  render(<DeleteHarness />);
  await userEvent.click(screen.getByRole("button", { name: "Delete Northern Soul Night" }));
  await userEvent.click(screen.getByRole("button", { name: "Delete Event" }));
  expect(screen.queryByRole("alertdialog")).toBeNull();
  expect(document.activeElement).toBe(screen.getByRole("heading", { name: "My Events" }));
});
