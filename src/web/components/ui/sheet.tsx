import { X } from "lucide-react";
import type { ReactNode, RefObject } from "react";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "./dialog";

/** A side drawer (a modal `<dialog>`): focus held inside, Escape or the backdrop closes, focus returns to the opener. */
export function Sheet({
  open,
  onOpenChange,
  title,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** The control that opened the sheet; focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={(event) => {
        if (!returnFocusTo?.current) return;
        event.preventDefault();
        returnFocusTo.current.focus();
      }}
      className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col gap-4 overflow-y-auto bg-white p-6 shadow-2xl"
    >
      <div className="flex items-center justify-between">
        <DialogTitle className="text-lg font-bold">{title}</DialogTitle>
        <DialogClose className="rounded-lg p-2 text-muted hover:bg-surface" aria-label="Close menu">
          <X className="size-5" />
        </DialogClose>
      </div>
      <DialogDescription className="sr-only">Site navigation</DialogDescription>
      {children}
    </Dialog>
  );
}
