import { CheckCircle2 } from "lucide-react";

/** Where a confirmation link ends: the new user is signed in, and told why they are here (drawn by the server, so no script is needed). */
export function EmailConfirmedBanner() {
  return (
    <div role="status" className="border-b border-emerald-200 bg-emerald-50 text-emerald-950">
      <div className="container-page flex items-start gap-3 py-3 text-sm sm:items-center">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700 sm:mt-0" aria-hidden="true" />
        <p>
          <strong className="font-bold">Email confirmed.</strong> You're signed in and ready to book tickets and list your events.
        </p>
      </div>
    </div>
  );
}
