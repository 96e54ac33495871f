import { Copy, Mail, X } from "lucide-react";
import { toast } from "~/lib/toast";
import { BRAND, EMERGENCY_SUPPORT_TEXT, SUPPORT_HOURS_TEXT } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogTitle } from "~/components/ui/dialog";

/** The Email Support card's alert (spec §2 Help Centre): the support address, with ways to use it. */
export function EmailSupportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  async function copyAddress() {
    try {
      await navigator.clipboard.writeText(BRAND.supportEmail);
      toast.success("Copied!", { description: `${BRAND.supportEmail} is on your clipboard.` });
    } catch {
      toast.error("Could not copy the address", { description: "Please select it and copy it instead." });
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl"
    >
      <div className="flex items-start justify-between gap-4">
        <DialogTitle className="flex items-center gap-2 text-lg font-bold">
          <Mail className="size-5 text-brand-600" aria-hidden="true" />
          Email Support
        </DialogTitle>
        <DialogClose className="-m-2 rounded-lg p-2 text-muted hover:bg-surface" aria-label="Close">
          <X className="size-5" />
        </DialogClose>
      </div>
      <DialogDescription className="mt-3 text-muted">Write to our support team at:</DialogDescription>
      <p className="mt-2 select-all break-all rounded-xl bg-surface px-4 py-3 text-lg font-bold text-brand-800">{BRAND.supportEmail}</p>
      <p className="mt-4 text-sm text-muted">
        Support hours: {SUPPORT_HOURS_TEXT}. {EMERGENCY_SUPPORT_TEXT}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={copyAddress}>
          <Copy aria-hidden="true" />
          Copy Address
        </Button>
        <a href={`mailto:${BRAND.supportEmail}`} className={buttonVariants()}>
          <Mail aria-hidden="true" />
          Open Email App
        </a>
      </div>
    </Dialog>
  );
}
