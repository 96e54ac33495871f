import { CircleHelp, QrCode, ScanLine } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";

const STEPS = [
  "Open the Check-In scanner on your phone at the entrance and sign in.",
  "Allow camera access when your browser asks.",
  "Point the camera at the QR code on the attendee's ticket.",
  "'Check-in successful' means they are in; a ticket used before shows 'Already checked in' with the time.",
];

/** How organisers check attendees in at the door (spec §2 Dashboard: QR check-in instructions). */
export function CheckInInstructions() {
  return (
    <section aria-labelledby="check-in-instructions-heading" className="rounded-3xl border border-brand-100 bg-gradient-to-br from-brand-50 to-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex gap-4">
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-2xl bg-brand-600 text-white sm:flex">
            <QrCode className="size-6" aria-hidden="true" />
          </span>
          <div>
            <h2 id="check-in-instructions-heading" className="text-lg font-bold">
              QR Code Check-In
            </h2>
            <p className="mt-1 text-sm text-muted">Every ticket carries a QR code. Scan it at the door to check the attendee in.</p>
            <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              {STEPS.map((step, index) => (
                <li key={step} className="flex gap-2.5">
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-700 ring-1 ring-brand-200"
                  >
                    {index + 1}
                  </span>
                  <span className="pt-0.5">{step}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row lg:flex-col">
          <Link to={paths.checkIn} className={buttonVariants()}>
            <ScanLine aria-hidden="true" />
            Open Scanner
          </Link>
          <Link to={paths.help} className={buttonVariants({ variant: "outline" })}>
            <CircleHelp aria-hidden="true" />
            Help Centre
          </Link>
        </div>
      </div>
    </section>
  );
}
