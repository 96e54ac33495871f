// @vitest-environment happy-dom
import "~/test/dialog-close-request";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRef, useState } from "react";
import { afterEach, expect, test } from "vitest";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "./dialog";

afterEach(cleanup);

/** A page with one dialog, opened by a button; `busy` stands for an owner that will not close yet. */
function Page({ closeOnBackdrop, busy = false, focusField = false }: { closeOnBackdrop?: boolean; busy?: boolean; focusField?: boolean }) {
  const [open, setOpen] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Change nickname
      </button>
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)} closeOnBackdrop={closeOnBackdrop} initialFocus={focusField ? field : undefined}>
        <DialogTitle>Your nickname</DialogTitle>
        <DialogDescription>Shown to organisers on your bookings.</DialogDescription>
        <button type="button">Suggest one</button>
        <label>
          Nickname
          <input ref={field} />
        </label>
        <DialogClose aria-label="Close">×</DialogClose>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const opener = screen.getByRole("button", { name: "Change nickname" });
  await userEvent.click(opener);
  return { opener, dialog: screen.getByRole("dialog", { name: "Your nickname" }) as HTMLDialogElement };
}

test("opens modally, named by its title and described by its description; nothing is rendered while closed", async () => {
  render(<Page />);
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.querySelector("dialog")).toBeNull();
  const { dialog } = await openDialog();
  expect(dialog.open).toBe(true);
  expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("Shown to organisers on your bookings.");
});

test("Escape closes it and focus returns to the control that opened it", async () => {
  render(<Page />);
  const { opener } = await openDialog();
  screen.getByLabelText("Nickname").focus();
  await userEvent.keyboard("{Escape}");
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("an owner that is busy keeps it open on Escape", async () => {
  render(<Page busy />);
  const { dialog } = await openDialog();
  await userEvent.keyboard("{Escape}");
  expect(screen.getByRole("dialog", { name: "Your nickname" })).toBe(dialog);
  expect(dialog.open).toBe(true);
});

test("its close button closes it and focus returns to the opener", async () => {
  render(<Page />);
  const { opener } = await openDialog();
  await userEvent.click(screen.getByRole("button", { name: "Close" }));
  expect(screen.queryByRole("dialog")).toBeNull();
  expect(document.activeElement).toBe(opener);
});

test("focus starts where the dialog asks", async () => {
  render(<Page focusField />);
  await openDialog();
  expect(document.activeElement).toBe(screen.getByLabelText("Nickname"));
});

// happy-dom lays nothing out: the dialog's box is 0×0 at the origin, so (5, 5) is outside it, on the backdrop.
const backdropPress = (dialog: HTMLDialogElement) => userEvent.pointer({ keys: "[MouseLeft]", target: dialog, coords: { clientX: 5, clientY: 5 } });

test("a press on the backdrop closes it; a press inside does not", async () => {
  render(<Page />);
  const { dialog } = await openDialog();
  await userEvent.click(screen.getByText("Shown to organisers on your bookings."));
  expect(dialog.open).toBe(true);
  await backdropPress(dialog);
  expect(screen.queryByRole("dialog")).toBeNull();
});

test("with closeOnBackdrop off, a press on the backdrop leaves it open", async () => {
  render(<Page closeOnBackdrop={false} />);
  const { dialog } = await openDialog();
  await backdropPress(dialog);
  expect((screen.getByRole("dialog", { name: "Your nickname" }) as HTMLDialogElement).open).toBe(true);
});
