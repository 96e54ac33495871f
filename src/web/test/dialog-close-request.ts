/**
 * happy-dom's `<dialog>` opens, closes (with its `close` event and `returnValue`) and reports `open`, but
 * answers no close request. In a browser (HTML standard, "close requests"), an Escape keydown that no
 * handler cancelled fires a cancelable `cancel` at the topmost modal dialog and, unless that is cancelled,
 * closes it. Importing this module adds that behaviour to the test's window; nothing else changes.
 */
const modals: HTMLDialogElement[] = [];
const { showModal } = HTMLDialogElement.prototype;

HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  showModal.call(this);
  const index = modals.indexOf(this);
  if (index !== -1) modals.splice(index, 1);
  modals.push(this);
};

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  const topmost = modals.filter((dialog) => dialog.open && dialog.isConnected).at(-1);
  if (!topmost) return;
  if (topmost.dispatchEvent(new Event("cancel", { cancelable: true }))) topmost.close();
});
