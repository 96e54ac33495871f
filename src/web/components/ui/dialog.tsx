import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, type ComponentProps, type ReactNode, type RefObject } from "react";
import { cn } from "~/lib/cn";

const DialogContext = createContext<{ titleId: string; descriptionId: string; close: () => void } | null>(null);

function useDialogContext(part: string) {
  const context = useContext(DialogContext);
  if (!context) throw new Error(`${part} must be inside a Dialog`);
  return context;
}

export interface DialogProps {
  open: boolean;
  /** Asked with `false` on Escape, a backdrop press (see `closeOnBackdrop`) or a `DialogClose`; the owner decides. */
  onOpenChange: (open: boolean) => void;
  role?: "dialog" | "alertdialog";
  /** Whether a press on the backdrop asks to close. Off for questions a stray click must not answer. */
  closeOnBackdrop?: boolean;
  /** Where focus starts; otherwise the browser's choice (the first focusable control, or the dialog). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Called once closed; `preventDefault()` keeps focus from going back to the control that opened it. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Position and look; the `<dialog>` element carries them, its user-agent styles are reset in app.css. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal `<dialog>` opened with `showModal()`: the browser holds focus inside, makes the page behind inert,
 * closes on Escape and draws the backdrop. Named by its `DialogTitle`, described by its `DialogDescription`.
 * Nothing is rendered while closed.
 */
export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ onOpenChange, role = "dialog", closeOnBackdrop = true, initialFocus, onCloseAutoFocus, className, children }: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const closing = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  const latest = useRef({ initialFocus, onCloseAutoFocus });
  useLayoutEffect(() => {
    latest.current = { initialFocus, onCloseAutoFocus };
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closing.current = false;
    if (!dialog.open) dialog.showModal();
    const lowerToasts = liftToasts();
    latest.current.initialFocus?.current?.focus();
    return () => {
      closing.current = true;
      if (dialog.open) dialog.close();
      lowerToasts();
    };
  }, []);

  // Focus moves back once the commit that removed the dialog is over: React puts focus back where it was
  // before a commit (here, possibly the page's body), which would undo a move made during it.
  useEffect(
    () => () => {
      const focusEvent = new Event("closeautofocus", { cancelable: true });
      latest.current.onCloseAutoFocus?.(focusEvent);
      if (!focusEvent.defaultPrevented && opener.current?.isConnected) opener.current.focus();
    },
    [],
  );

  const close = () => onOpenChange(false);
  return (
    <DialogContext.Provider value={{ titleId, descriptionId, close }}>
      <dialog
        ref={dialogRef}
        role={role === "alertdialog" ? "alertdialog" : undefined}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className={cn("ui-dialog", className)}
        // Escape: the owner decides, so a busy dialog can stay open.
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
        // The browser may close it regardless (a repeated Escape without a click between): follow it.
        onClose={() => {
          if (!closing.current) close();
        }}
        // A press on the backdrop lands on the <dialog> itself, outside its box.
        onPointerDown={(event) => {
          if (!closeOnBackdrop || event.target !== event.currentTarget) return;
          const box = event.currentTarget.getBoundingClientRect();
          const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
          if (!inside) close();
        }}
      >
        {children}
      </dialog>
    </DialogContext.Provider>
  );
}

// Sonner's toaster (a live region outside every dialog; it may mount only when a toast is first shown).
const TOASTER = "section[data-react-aria-top-layer]";

/**
 * Toasts sit under a modal dialog's backdrop unless they are in the top layer too: while a dialog is open
 * the toaster is shown as a popover above it ("Copied!" from Email Support), and put back on closing.
 */
function liftToasts(): () => void {
  if (!("showPopover" in HTMLElement.prototype)) return () => {};
  const lift = () => {
    const toaster = document.querySelector<HTMLElement>(TOASTER);
    if (!toaster || toaster.matches(":popover-open")) return;
    toaster.popover = "manual";
    toaster.showPopover();
  };
  lift();
  const observer = new MutationObserver(lift);
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    const toaster = document.querySelector<HTMLElement>(TOASTER);
    if (toaster?.matches(":popover-open")) toaster.hidePopover();
    toaster?.removeAttribute("popover");
  };
}

export function DialogTitle({ className, children }: { className?: string; children: ReactNode }) {
  const { titleId } = useDialogContext("DialogTitle");
  return (
    <h2 id={titleId} className={className}>
      {children}
    </h2>
  );
}

export function DialogDescription({ className, children }: { className?: string; children: ReactNode }) {
  const { descriptionId } = useDialogContext("DialogDescription");
  return (
    <p id={descriptionId} className={className}>
      {children}
    </p>
  );
}

/** A button that asks the dialog's owner to close it. */
export function DialogClose({ onClick, ...props }: Omit<ComponentProps<"button">, "type">) {
  const { close } = useDialogContext("DialogClose");
  return (
    <button
      type="button"
      onClick={(event) => {
        onClick?.(event);
        close();
      }}
      {...props}
    />
  );
}
